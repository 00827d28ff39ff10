import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RENDERED_PATHS } from '@oripa/contract/public-pages';
import type { Lang } from '@oripa/contract/states';
import { PageCache } from './page-cache.ts';
import { assetReader, pageTemplate, readManifest, withStyleSource, type PageTemplate } from './page-template.ts';
import { composePage, loadRenderer, pageTag, renderPublicPage, sendCacheable, visitorLang, type PageRenderer } from './public-page.ts';

/**
 * The source modules of each server-rendered page: their styles are inlined in the page and
 * their chunks fetched once it has painted, from Vite's build manifest (http/page-template.ts),
 * so the HTML is styled at its first paint and hydrates without waiting for a chunk.
 */
const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/catalog/top-page.tsx'],
  '/pack-list': ['src/features/catalog/pack-list-page.tsx'],
  '/pack-detail': ['src/features/catalog/pack-detail-page.tsx', 'src/features/catalog/components/trust-panel.tsx'],
  '/share': ['src/features/share/share-page.tsx'],
};
const LEGAL_MODULE = 'src/features/legal/legal-pages.tsx';
/** The texts chunk of each language, fetched with the app (Japanese is in the app's bundle). */
const LANG_MODULES: Record<Lang, string[]> = { ja: [], en: ['src/locales/en.ts'] };

interface Shell {
  /** index.html as built: member pages, and public pages the renderer leaves to the browser. */
  html: string;
  /** Per language and rendered path: index.html without its fixed title and description, with the page's CSS and chunks. */
  templates: Map<string, PageTemplate>;
  renderer: PageRenderer | undefined;
  /** Rendered pages, kept a few seconds (http/page-cache.ts). */
  cache: PageCache<CachedPage>;
}

/** A rendered page as sent: its HTML and ETag, or where it redirects, or that it is left to the browser. */
type CachedPage =
  | { kind: 'page'; html: string; etag: string }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'browser'; status: number };

let shell: Shell | undefined;

const LANGS: Lang[] = ['ja', 'en'];
const templateKey = (lang: Lang, pathname: string) => `${lang} ${pathname}`;

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
  const readAsset = assetReader(webDist);
  const templates = new Map(
    [...RENDERED_PATHS].flatMap((page) =>
      LANGS.map((lang) => [
        templateKey(lang, page),
        pageTemplate(html, manifest, [...(PAGE_MODULES[page] ?? [LEGAL_MODULE]), ...LANG_MODULES[lang]], readAsset),
      ] as const),
    ),
  );
  const renderer = await loadRenderer(webDist);
  if (!renderer) app.log.warn(`no server renderer in ${webDist}/.ssr: public pages are rendered in the browser`);
  shell = { html, templates, renderer, cache: new PageCache<CachedPage>() };
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

/** Renders a public page into what is sent for it (cached by the caller). */
async function renderForCache(request: FastifyRequest, renderer: PageRenderer, template: PageTemplate): Promise<CachedPage> {
  const rendered = await renderPublicPage(request, renderer);
  if (rendered.redirect) return { kind: 'redirect', location: rendered.redirect, status: rendered.status === 301 ? 301 : 302 };
  if (rendered.status !== 200) return { kind: 'browser', status: rendered.status };
  const lang = visitorLang(request);
  return { kind: 'page', html: composePage(template.html, rendered, lang), etag: pageTag(template.html, rendered, lang) };
}

/**
 * A public page rendered by React on the server, the same for every visitor of its language,
 * with cache headers for a shared cache. The render is kept a few seconds by path, query and
 * language (the page differs by nothing else), so a crowd arriving at once costs one render. A
 * page the renderer cannot draw (an unknown pack, maintenance) is index.html, left to the browser
 * app, which shows its own answer.
 */
async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: Shell, pathname: string): Promise<FastifyReply> {
  const lang = visitorLang(request);
  const template = page.templates.get(templateKey(lang, pathname));
  const renderer = page.renderer;
  if (!renderer || !template || (await request.server.ctx.maintenance.isOn())) {
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
  const sent = await page.cache.get(`${lang} ${request.url}`, () => renderForCache(request, renderer, template));
  if (sent.kind === 'redirect') return reply.redirect(sent.location, sent.status);
  if (sent.kind === 'browser') return reply.code(sent.status).header('cache-control', 'no-cache').sendFile('index.html');
  // The page's one inline <style> is allowed by its hash; style-src stays without 'unsafe-inline'.
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', withStyleSource(policy, template.styleSource));
  // Compressed here: the not-found handler that serves pages is no route, so @fastify/compress skips it.
  return sendCacheable(request, reply, sent.html, sent.etag, (body) => compressed(request, reply, body));
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
