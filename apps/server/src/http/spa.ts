import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_IDS, DRAWN_PATHS } from '@oripa/contract/first-screen';
import { LANG_COOKIE, parseLang, type Lang } from '@oripa/contract/states';
import { escapeHtml, scriptJson } from './first-screen-html.ts';
import { renderTopFirstScreen, topBoot } from './first-screen.ts';
import { packBoot, renderPackFirstScreen } from './pack-first-screen.ts';

/** Source modules of the web app whose pages the server draws (their chunks load with the page). */
const TOP_PAGE_MODULE = 'src/features/catalog/top-page.tsx';
const PACK_PAGE_MODULE = 'src/features/catalog/pack-detail-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Shell {
  /** index.html as built: every page the server does not draw. */
  html: string;
  /** index.html made ready for the server-drawn top page (see drawnPageShell). */
  top: string;
  /** The same for the pack page. */
  pack: string;
  /** index.html with the pack page's chunks preloaded: a pack page the server does not draw. */
  packFallback: string;
}

let shell: Shell | undefined;

/** The chunks and styles a module of the web app needs, from Vite's build manifest. */
function moduleClosure(webDist: string, moduleId: string): { scripts: string[]; styles: string[] } {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return { scripts: [], styles: [] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(moduleId);
  return { scripts: [...scripts], styles: [...styles] };
}

/** index.html with a module's chunks and styles fetched alongside the entry. */
function withPreloads(html: string, webDist: string, moduleId: string): string {
  const { scripts, styles } = moduleClosure(webDist, moduleId);
  const tags = [
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html for a page whose first screen the server draws. That screen is the page's largest
 * paint, so nothing may hold it back on a slow phone link (decision 015, addendum):
 * - the app's styles (the entry's and the page's, ~30 kB, ~7 kB compressed) are inlined, so
 *   the first paint needs no second request; each stylesheet stays named by a disabled <link>
 *   (never fetched) so the app's chunk loader sees it present and does not fetch it again;
 * - the app's JavaScript (entry, its chunks and the page's) is started by /start-app.js once
 *   the first screen has painted with its image, instead of competing with the image for the
 *   link from the first byte.
 * Falls back to preloading (withPreloads) when index.html is not as Vite writes it.
 */
function drawnPageShell(html: string, webDist: string, moduleId: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return withPreloads(html, webDist, moduleId);
  const page = moduleClosure(webDist, moduleId);
  const entryPreloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  const entryStyles = [...html.matchAll(STYLESHEET)].map((m) => m[1] ?? '');
  const styles = [...new Set([...entryStyles, ...page.styles])];
  const preloads = [...new Set([...entryPreloads, ...page.scripts])].filter((href) => href && href !== entry);
  const css = styles
    .map((href) => fs.readFileSync(path.join(webDist, href), 'utf8').replace(/<\/style/gi, '<\\/style'))
    .join('\n');
  const head =
    `<style>${css}</style>` +
    styles.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('') +
    `<script src="/start-app.js" async data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(STYLESHEET, '').replace('</head>', `${head}</head>`);
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
  const html = fs.readFileSync(indexFile, 'utf8');
  shell = {
    html,
    top: drawnPageShell(html, webDist, TOP_PAGE_MODULE),
    pack: drawnPageShell(html, webDist, PACK_PAGE_MODULE),
    packFallback: withPreloads(html, webDist, PACK_PAGE_MODULE),
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

/** The image a server-drawn screen paints largest, fetched first and at high priority. */
function imagePreload(href: string | undefined): string {
  return href ? `<link rel="preload" as="image" fetchpriority="high" href="${encodeURI(href)}">` : '';
}

/** A server-drawn page: the shell with its language, title, head additions, first screen and boot JSON. */
function drawnPage(base: string, lang: Lang, parts: { title?: string; head: string; screen: string; bootId: string; boot: unknown }): string {
  let html = base.replace('<html lang="ja">', `<html lang="${lang}">`).replace('</head>', `${parts.head}</head>`);
  if (parts.title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`);
  return html.replace(
    '<div id="root"></div>',
    `${parts.screen}<div id="root"></div><script type="application/json" id="${parts.bootId}">${scriptJson(parts.boot)}</script>`,
  );
}

/**
 * The top page: the first screen drawn in (banner and the first packs on sale, real data) and
 * the same data as JSON for the app's query cache. Shows at once; the app takes over when its
 * JavaScript has run. During maintenance the app alone answers (it shows the maintenance page).
 */
async function sendTopPage(request: FastifyRequest, reply: FastifyReply, page: Shell): Promise<FastifyReply> {
  if (await request.server.ctx.maintenance.isOn()) return sendPage(request, reply, page.html);
  const lang = parseLang(request.cookies[LANG_COOKIE]);
  const boot = await topBoot(request.server.ctx.db, request.server.ctx.config, lang);
  const firstImage = boot.banner.mode === 1 ? boot.banner.list[0]?.file_name : undefined;
  const screen = renderTopFirstScreen(boot, lang);
  return sendPage(request, reply, drawnPage(page.top, lang, { head: imagePreload(firstImage), screen, bootId: BOOT_IDS.top, boot }));
}

/**
 * A pack page: the pack's first screen drawn in (image, name, price, remaining, purchase panel)
 * and the pack as the API answers it, as JSON for the app's query cache. A pack the API would
 * refuse (unknown, hidden, malformed id) gets the bare app, which shows its own answer.
 */
async function sendPackPage(request: FastifyRequest, reply: FastifyReply, page: Shell): Promise<FastifyReply> {
  const rawId = new URL(request.url, 'http://x').searchParams.get('packId') ?? '';
  const lang = parseLang(request.cookies[LANG_COOKIE]);
  const boot = (await request.server.ctx.maintenance.isOn()) ? undefined : await packBoot(request, rawId, lang);
  if (!boot) return sendPage(request, reply, page.packFallback);
  const screen = renderPackFirstScreen(boot, lang);
  const title = `${boot.pack.name} | ORIPA`;
  return sendPage(request, reply, drawnPage(page.pack, lang, { title, head: imagePreload(boot.pack.image[0]), screen, bootId: BOOT_IDS.pack, boot }));
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
  const pathname = request.url.split('?', 1)[0];
  if (pathname === DRAWN_PATHS.top) return sendTopPage(request, reply, shell);
  if (pathname === DRAWN_PATHS.pack && request.url.includes('?')) return sendPackPage(request, reply, shell);
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
