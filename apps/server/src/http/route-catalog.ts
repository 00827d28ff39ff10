import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** One registered route as the app knows it: full path (with prefix) and how it answers. */
export interface CatalogRoute {
  method: string;
  url: string;
  /** The contract's schema of the answer's own fields (routes made with http/route.ts). */
  readonly response: z.ZodObject | undefined;
  /** Set on routes that answer outside the shop's envelope (see FastifyContextConfig). */
  readonly outsideEnvelope: OutsideEnvelope | undefined;
}

/**
 * Why a route answers outside the envelope, and so has no response schema: a file of the built
 * web app, a media file, a payment provider's callback (a redirect, or plain JSON to the
 * provider), the built-in sandbox provider's own pages and endpoints, the loopback operator
 * endpoint, the health checks (/healthz, /readyz), the transparency log's public API (plain JSON
 * for mirrors and verifiers, docs/fairness/draw-v2.md §4).
 */
export type OutsideEnvelope = 'page' | 'media' | 'callback' | 'provider' | 'operator' | 'operations' | 'transparency';

interface RouteConfig {
  responseSchema?: z.ZodObject;
  outsideEnvelope?: OutsideEnvelope;
}

const catalogs = new WeakMap<FastifyInstance, CatalogRoute[]>();

/**
 * Records every route registered from now on (call it on the root instance before any route),
 * so tests can check every answer against its route's schema and that no route lacks one.
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: CatalogRoute[] = [];
  catalogs.set(app, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: a later onRoute hook may still set the config (registerSpa marks its files).
    const config = () => (route.config ?? {}) as RouteConfig;
    for (const method of methods) {
      list.push({
        method,
        url: route.url,
        get response() {
          return config().responseSchema;
        },
        get outsideEnvelope() {
          return config().outsideEnvelope;
        },
      });
    }
  });
}

/** The routes of an app built with trackRoutes. */
export function routeCatalog(app: FastifyInstance): readonly CatalogRoute[] {
  const list = catalogs.get(app);
  if (!list) throw new Error('routes of this app are not tracked (trackRoutes)');
  return list;
}

/** Static segments count: a static route wins over a parametric one, as in the router. */
function matchScore(pattern: string, path: string): number {
  const want = pattern.split('/');
  const got = path.split('/');
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] ?? '';
    if (segment === '*') return score;
    if (i >= got.length) return -1;
    if (segment.startsWith(':')) {
      if (got[i] === '') return -1;
    } else if (segment === got[i]) score += 1;
    else return -1;
  }
  return want.length === got.length ? score : -1;
}

/** The route a request for `method` and `path` (query string allowed) reaches, if any. */
export function findCatalogRoute(app: FastifyInstance, method: string, path: string): CatalogRoute | undefined {
  const bare = path.split('?')[0] ?? path;
  let best: CatalogRoute | undefined;
  let bestScore = -1;
  for (const route of routeCatalog(app)) {
    if (route.method !== method) continue;
    const score = matchScore(route.url, bare);
    if (score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}
