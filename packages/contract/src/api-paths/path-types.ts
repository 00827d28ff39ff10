import type { AdminPermission } from '../admin.ts';

// The types of the route table's entries (api-paths.ts re-exports them): apart, so the areas'
// modules (shop, member, console) and the table's index import them without a cycle.

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
