import type { Lang } from './states.ts';

/**
 * The public pages the server renders with React (decision 032), by path: the same HTML for
 * every visitor of one language, so a shared cache can keep it. Member pages are rendered in
 * the browser.
 */
export const RENDERED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/pack-list',
  '/pack-detail',
  '/share',
  '/user-guide',
  '/specific-commerce',
  '/terms-of-service',
  '/privacy-protection',
]);

/** Id of the `<script type="application/json">` that hands the server's data to the browser. */
export const HANDOVER_ID = 'page-data';

/**
 * Id of the `<script type="application/json">` listing a server-rendered page's own script chunks
 * (Vite's build names): the browser fetches them once the page has painted (decision 035).
 */
export const PAGE_MODULES_ID = 'page-modules';

/** What the server renderer needs for one page. */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  lang: Lang;
  /** The one clock of the page: times and countdowns render from it on both sides. */
  now: number;
  /** The shop's own origin (PUBLIC_URL), for canonical and share addresses. */
  origin: string;
  /** GET of an API call as a visitor without a session answers it (the same routes and services). */
  api: (path: string) => Promise<unknown>;
}

/** A rendered page: the root's HTML, the head's tags and the JSON the browser hydrates from. */
export interface RenderedPage {
  /** 200, or 404 for a pack or share code that does not exist. */
  status: number;
  /** Set when the route redirects (e.g. /pack-detail without a pack id). */
  redirect?: string;
  root: string;
  head: string;
  handover: string;
}

/** The data handed to the browser: language, clock, query cache and router state. */
export interface PageHandover {
  lang: Lang;
  now: number;
  queries: unknown;
  router: unknown;
}

/**
 * The visitor's language from one source, used by the server and the browser alike: the `lang`
 * cookie the language switch sets, else the first of Japanese or English the browser prefers
 * (Accept-Language, navigator.languages), else Japanese.
 */
export function pickLang(cookie: string | undefined | null, accepted: readonly string[]): Lang {
  if (cookie === 'ja' || cookie === 'en') return cookie;
  for (const tag of accepted) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (base === 'ja' || base === 'en') return base;
  }
  return 'ja';
}

/** The languages of an Accept-Language header, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}
