import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANG_COOKIE, parseLang } from '@oripa/contract/states';
import { packImage, renderTopFirstScreen, scriptJson, topBoot } from './first-screen.ts';

/** Source modules of the web app whose chunks are preloaded with their page. */
const TOP_PAGE_MODULE = 'src/features/catalog/top-page.tsx';
const PACK_PAGE_MODULE = 'src/features/catalog/pack-detail-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Shell {
  /** index.html as built. */
  html: string;
  /** <link> tags that fetch the top page's own chunks and styles alongside the entry. */
  topPreloads: string;
  /** The same for the pack page. */
  packPreloads: string;
}

let shell: Shell | undefined;

/** The chunks (and their styles) a module of the web app needs, from Vite's build manifest. */
function preloadTags(webDist: string, moduleId: string): string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(moduleId);
  return [
    ...[...styles].map((href) => `<link rel="stylesheet" href="/${href}">`),
    ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('');
}

/**
 * Serves the built web app: files as they are, and index.html for every other non-API path so
 * the client router can show the route (or send unknown paths to the top page).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  shell = undefined;
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built at ${webDist}: run "npm run build" (npm start does it)`);
    return;
  }
  shell = {
    html: fs.readFileSync(indexFile, 'utf8'),
    topPreloads: preloadTags(webDist, TOP_PAGE_MODULE),
    packPreloads: preloadTags(webDist, PACK_PAGE_MODULE),
  };
  // registerSpa runs last, so every route from here on is a file of the web app: outside the envelope.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, outsideEnvelope: 'page' };
  });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // '/' is the top page with its first screen drawn by the server (serveSpa), not the bare file.
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite names built assets by content hash: they never change, so cache them for a year.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
}

/**
 * Sends a page composed here, compressed as the browser accepts (brotli, else gzip). The
 * not-found handler that serves pages is no route, so @fastify/compress's hooks skip it.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

/**
 * The top page: index.html with the first screen drawn in (banner and the first packs on sale,
 * real data), the same data as JSON for the app's query cache, and the top page's chunks
 * preloaded. Shows at once; the app takes over when its JavaScript has run.
 */
async function sendTopPage(request: FastifyRequest, reply: FastifyReply, page: Shell): Promise<FastifyReply> {
  const lang = parseLang(request.cookies[LANG_COOKIE]);
  const boot = await topBoot(request.server.ctx.db, request.server.ctx.config, lang);
  const firstImage = boot.banner.mode === 1 ? boot.banner.list[0]?.file_name : undefined;
  const head =
    page.topPreloads +
    (firstImage ? `<link rel="preload" as="image" fetchpriority="high" href="${encodeURI(firstImage)}">` : '');
  const html = page.html
    .replace('<html lang="ja">', `<html lang="${lang}">`)
    .replace('</head>', `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      `${renderTopFirstScreen(boot, lang)}<div id="root"></div><script type="application/json" id="boot-top">${scriptJson(boot)}</script>`,
    );
  return sendPage(request, reply, html);
}

/**
 * A pack page: index.html with the pack page's chunks and the pack's first image preloaded, so
 * they load while the app starts instead of one after another.
 */
async function sendPackPage(request: FastifyRequest, reply: FastifyReply, page: Shell): Promise<FastifyReply> {
  const packId = Number(new URL(request.url, 'http://x').searchParams.get('packId'));
  const image = Number.isSafeInteger(packId) && packId > 0 ? await packImage(request.server.ctx.db, packId) : undefined;
  const head =
    page.packPreloads +
    (image ? `<link rel="preload" as="image" fetchpriority="high" href="${encodeURI(image)}">` : '');
  return sendPage(request, reply, page.html.replace('</head>', `${head}</head>`));
}

export function serveSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // Only a probe posts to a page address; it gets a page, as every non-API path answers.
    return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="ja"><meta charset="utf-8"><title>404</title><p>Not Found</p></html>');
  }
  if (typeof reply.sendFile !== 'function' || !shell) {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built. Run "npm run build" (npm start does it).');
  }
  if (request.url === '/' || request.url.startsWith('/?')) return sendTopPage(request, reply, shell);
  if (request.url.startsWith('/pack-detail?')) return sendPackPage(request, reply, shell);
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
