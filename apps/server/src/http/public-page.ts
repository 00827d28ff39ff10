import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguages, pickLang, type RenderedPage, type RenderRequest } from '@oripa/contract/public-pages';
import { LANG_COOKIE, type Lang } from '@oripa/contract/states';
import { publicUrl } from '../config.ts';

/** The server renderer the web build writes (apps/web/src/entry-server.tsx, `vite build --ssr`). */
export type PageRenderer = (request: RenderRequest) => Promise<RenderedPage>;

/**
 * Shared caches (a CDN or reverse proxy) keep a public page for a few seconds and may serve it a
 * minute longer while they fetch a fresh one; the browser revalidates with the ETag. Live counts
 * come from the page's own JSON call after hydration (decision 032).
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** Loads the server renderer from the build output, or undefined when the build has none. */
export async function loadRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { render?: PageRenderer };
  return module.render;
}

/**
 * The visitor's language, for pages and API answers alike: a choice they made (the lang cookie,
 * else `chosen`: the API's X-Lang header of a client without cookies), then Accept-Language, then
 * Japanese (as the browser decides). Pages pass no `chosen`: a shared cache keys them on the
 * cookie and Accept-Language only.
 */
export function visitorLang(request: FastifyRequest, chosen?: string): Lang {
  return pickLang(request.cookies[LANG_COOKIE] ?? chosen, acceptedLanguages(request.headers['accept-language']));
}

/**
 * Renders a public page as any visitor of the request's language sees it: the API calls it
 * makes carry no session, only the language, so the HTML is the same for every visitor.
 */
export function renderPublicPage(request: FastifyRequest, renderer: PageRenderer): Promise<RenderedPage> {
  const lang = visitorLang(request);
  const app = request.server;
  return renderer({
    url: request.url,
    lang,
    now: Date.now(),
    origin: publicUrl(app.ctx.config),
    api: async (apiPath) => {
      const answer = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { cookie: `${LANG_COOKIE}=${lang}` } });
      // The csrf token belongs to this one request: it never goes into the shared HTML.
      return { ...(answer.json() as object), csrf: '' };
    },
  });
}

/** The page: the template with the rendered head, root and handover put in. */
export function composePage(template: string, page: RenderedPage, lang: Lang): string {
  return template
    .replace('<html lang="ja">', `<html lang="${lang}">`)
    .replace('</head>', `${page.head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.root}</div>${page.handover}`);
}

/**
 * The handover's clock readings: the moment of rendering and the query cache's timestamps. They
 * differ in every render; what the page shows is in the rest (a countdown's text included).
 */
const CLOCK_READINGS = /"(now|dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g;

/**
 * The page's ETag: a hash of the page without the handover's clock readings, so a page rendered
 * again with the same content has the same tag (and a browser or cache holding it gets a 304,
 * hydrating it with its own clock reading, which matches the text it holds).
 */
export function pageTag(template: string, page: RenderedPage, lang: Lang): string {
  const steady = composePage(template, { ...page, handover: page.handover.replace(CLOCK_READINGS, '"$1":0') }, lang);
  return `"${createHash('sha256').update(steady).digest('base64url').slice(0, 27)}"`;
}

/** Answers 304 when the browser or cache holds a page with this content, else the page with its ETag. */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  etag: string,
  encode: (html: string) => string | Buffer,
): FastifyReply {
  reply
    .header('cache-control', PUBLIC_PAGE_CACHE)
    .header('etag', etag)
    // The page differs by language only; its sources are the lang cookie and Accept-Language.
    .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
    .type('text/html; charset=utf-8');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.send(encode(html));
}
