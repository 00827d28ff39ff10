import type { AdminPermission } from './admin.ts';
import type * as apiTable from './api-paths.ts';

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

/** Who may call a shop route, and whether the session is read before the handler ('…-by-key': the handler reads it in its own statement). */
export type ShopAccess = 'anyone' | 'member' | 'member-by-key' | 'anyone-by-key';

/**
 * Who may call a console route: 'visitor' (the login itself), 'login' (an operator part-way
 * through the login: password change, TOTP enrolment or code; the handler checks the step), or
 * a permission, which needs a finished login and a role that has it (admin.ts).
 */
export type AdminAccess = 'visitor' | 'login' | AdminPermission;

export type ApiMethod = 'GET' | 'POST';

/** One route's address: its method and path (its access and schemas are in api-routes.ts). */
export interface ApiPath {
  readonly method: ApiMethod;
  readonly path: string;
}

/**
 * The entry of route N: method and path at run time; the name only in the type (it costs the
 * first page's bundle nothing), so a call's types can be looked up by it.
 */
export type ApiPathOf<N extends string, M extends ApiMethod, P extends string> = { readonly method: M; readonly path: P; readonly name?: N };

export * from './api-paths/shop.ts';
export * from './api-paths/member.ts';
export * from './api-paths/console.ts';

/** The name of a route of the table. */
export type ApiName = keyof typeof apiTable;
