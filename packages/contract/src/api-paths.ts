import type * as consoleRoutes from './api-paths/console.ts';
import type * as memberRoutes from './api-paths/member.ts';
import type * as shopRoutes from './api-paths/shop.ts';

/**
 * Every envelope route of the shop's API (mounted under /api): a stable name, the method and the
 * path as Fastify spells it (`:param` placeholders); api-routes.ts adds who may call it and the
 * schemas. The server registers each
 * route from its entry (api-routes.ts adds the zod schemas), and the web app and the browser
 * tests call through it, so a path, a param name or a response field that does not match fails
 * the typecheck. This file holds no schema: the web app imports it without pulling zod into its
 * first page (decision 039). Each route is its own export, imported as a namespace
 * (`import * as api from '@oripa/contract/api-paths'`, then `api.packList`), and each area's
 * routes are a module of their own (api-paths/): a bundle keeps only the entries its code names,
 * and the first page's chunk does not carry the console's.
 */

export type { AdminAccess, ApiMethod, ApiPath, ApiPathOf, ShopAccess } from './api-paths/path-types.ts';

export * from './api-paths/shop.ts';
export * from './api-paths/member.ts';
export * from './api-paths/console.ts';

/** The name of a route of the table. */
export type ApiName = keyof typeof shopRoutes | keyof typeof memberRoutes | keyof typeof consoleRoutes;
