import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RENDERED_PATHS } from '@oripa/contract/public-pages';
import { composePage, loadRenderer, pageTag, renderPublicPage, sendCacheable, visitorLang, type PageRenderer } from './public-page.ts';

/**
 * The source modules of each server-rendered page (their chunks and styles load with the page,
 * from Vite's build manifest, so the HTML is styled at its first paint and hydrates without
 * waiting for a chunk).
 */
const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/catalog/top-page.tsx'],
  '/pack-list': ['src/features/catalog/pack-list-page.tsx'],
  '/pack-detail': ['src/features/catalog/pack-detail-page.tsx', 'src/features/catalog/components/trust-panel.tsx'],
  '/share': ['src/features/share/share-page.tsx'],
};
const LEGAL_MODULE = 'src/features/legal/legal-pages.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Shell {
  /** index.html as built: member pages, and public pages the renderer leaves to the browser. */
  html: string;
  /** index.html without its fixed title and description, per rendered path with its chunks. */
  templates: Map<string, string>;
  renderer: PageRenderer | undefined;
}

let shell: Shell | undefined;

/** The chunks and styles modules of the web app need, from Vite's build manifest. */
function moduleClosure(manifest: Record<string, ManifestChunk>, moduleIds: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const id of moduleIds) visit(id);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * index.html for a server-rendered page: its fixed title and description go (the renderer writes
 * the page's own), and the page's styles and chunks are fetched with it.
 */
function pageTemplate(html: string, manifest: Record<string, ManifestChunk>, moduleIds: string[]): string {
  const present = new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));
  const { scripts, styles } = moduleClosure(manifest, moduleIds);
  const tags = [
    ...styles.filter((href) => !present.has(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...scripts.filter((href) => !present.has(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace('</head>', `${tags}</head>`);
}

function readManifest(webDist: string): Record<string, ManifestChunk> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * Serves the built web app: files as they are, the public pages rendered by React on the server
 * (decision 032), and index.html for every other non-API path so the client router shows the
 * route (or sends unknown paths to the top page).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  shell = undefined;
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built at ${webDist}: run "npm run build" (npm start does it)`);
    return;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const manifest = readManifest(webDist);
  const templates = new Map([...RENDERED_PATHS].map((page) => [page, pageTemplate(html, manifest, PAGE_MODULES[page] ?? [LEGAL_MODULE])]));
  const renderer = await loadRenderer(webDist);
  if (!renderer) app.log.warn(`no server renderer in ${webDist}/.ssr: public pages are rendered in the browser`);
  shell = { html, templates, renderer };
  // registerSpa runs last, so every route from here on is a file of the web app: outside the envelope.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, outsideEnvelope: 'page' };
  });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // Pages are answered by serveSpa (rendered, or index.html), not as a bare file.
    index: false,
    // The server renderer is no file of the site.
    allowedPath: (pathName) => !pathName.startsWith('/.ssr/'),
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

/** The page compressed as the browser accepts (brotli, else gzip), with its encoding header. */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

/**
 * A public page rendered by React on the server, the same for every visitor of its language,
 * with cache headers for a shared cache. A page the renderer cannot draw (an unknown pack,
 * maintenance) is index.html, left to the browser app, which shows its own answer.
 */
async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: Shell, pathname: string): Promise<FastifyReply> {
  const template = page.templates.get(pathname);
  if (!page.renderer || !template || (await request.server.ctx.maintenance.isOn())) {
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
  const rendered = await renderPublicPage(request, page.renderer);
  if (rendered.redirect) return reply.redirect(rendered.redirect, rendered.status === 301 ? 301 : 302);
  if (rendered.status !== 200) {
    return reply.code(rendered.status).header('cache-control', 'no-cache').sendFile('index.html');
  }
  const lang = visitorLang(request);
  const html = composePage(template, rendered, lang);
  // Compressed here: the not-found handler that serves pages is no route, so @fastify/compress skips it.
  return sendCacheable(request, reply, html, pageTag(template, rendered, lang), (body) => compressed(request, reply, body));
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
  const pathname = request.url.split('?', 1)[0] ?? '/';
  if (RENDERED_PATHS.has(pathname)) return sendRenderedPage(request, reply, shell, pathname);
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
