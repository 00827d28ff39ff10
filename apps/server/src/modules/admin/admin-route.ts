import type { AdminAccess } from '@oripa/contract/api-paths';
import type { ApiRoute } from '@oripa/contract/api-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../kernel/errors.ts';
import { routes, type RouteContext, type RouteResult, type ShopRoute } from '../../http/route.ts';
import { operatorMay, readConsoleSession, type SignedOperator } from './admin-session.ts';
import type { Actor } from '../audit/audit.service.ts';

/** Who may call a console route (the contract's api-paths.ts says what each level means). */
export type { AdminAccess };

type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;
type In<E, K extends 'payload' | 'params' | 'query'> = E extends { readonly [P in K]: infer S } ? Out<S> : undefined;

/** A console route's table entry. */
export type AdminRoute = ApiRoute & { readonly access: AdminAccess };

/** A console handler's context: the shop's route context plus the operator and the audit actor. */
export type AdminContext<P, Q, S> = RouteContext<P, Q, S> & { operator: SignedOperator; actor: Actor };
type VisitorContext<P, Q, S> = RouteContext<P, Q, S> & { operator: SignedOperator | null; actor: Actor };
/** What a console handler gets: the login ('visitor') may have no operator yet. */
export type AdminHandlerContext<E extends AdminRoute> = E['access'] extends 'visitor'
  ? VisitorContext<In<E, 'payload'>, In<E, 'params'>, In<E, 'query'>>
  : AdminContext<In<E, 'payload'>, In<E, 'params'>, In<E, 'query'>>;

const prepared = new WeakMap<FastifyInstance, Map<string, AdminAccess>>();
/** Every console route's access of one app (keyed by its context, shared by all its plugins), for the guard's tests. */
const registered = new WeakMap<object, Map<string, AdminAccess>>();

/**
 * The access of every console route an app registered ('METHOD /api/admin/…' → access): the API
 * test checks each against visitors, members and every role, so a new route is covered at once.
 */
export function adminRouteAccess(app: FastifyInstance): ReadonlyMap<string, AdminAccess> {
  return registered.get(app.ctx) ?? new Map();
}

function actorOf(request: FastifyRequest): Actor {
  return { operatorId: request.operator?.id ?? null, name: request.operator?.mail ?? 'visitor', ip: request.ip };
}

/**
 * The console's session and guard on a plugin instance: every request reads the console
 * session (its own cookie; csrf tokens are bound to it), and every route is refused before its
 * input is even parsed unless the caller has the route's access. A route registered here without
 * an access entry cannot exist: the table is filled by the same call that registers it.
 */
function prepare(app: FastifyInstance): Map<string, AdminAccess> {
  const existing = prepared.get(app);
  if (existing) return existing;
  const table = new Map<string, AdminAccess>();
  prepared.set(app, table);
  if (!app.hasRequestDecorator('operator')) app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request, reply) => {
    const { key, operator } = await readConsoleSession(app.ctx.db, request, reply, app.ctx.cookie.secure);
    request.session = { key, userId: null, data: {}, persisted: true };
    request.operator = operator;
  });
  app.addHook('preHandler', async (request) => {
    const access = table.get(`${request.method} ${request.routeOptions.url}`);
    if (access === undefined) throw AppError.field('operator', 'admin.forbidden');
    if (access === 'visitor') return;
    const operator = request.operator;
    if (!operator) throw AppError.field('operator', 'admin.login_required');
    if (access === 'login') return;
    if (operator.step !== 'done') throw AppError.field('operator', 'admin.login_required');
    if (!operatorMay(operator, access)) throw AppError.field('operator', 'admin.forbidden');
  });
  return table;
}

/** Routes of the operator console, each with its access (see AdminAccess). */
export function adminRoutes(app: FastifyInstance) {
  const table = prepare(app);
  const r = routes(app);
  const all = registered.get(app.ctx) ?? new Map<string, AdminAccess>();
  registered.set(app.ctx, all);
  const mark = (method: string, url: string, access: AdminAccess) => {
    table.set(`${method} ${app.prefix}${url}`, access);
    all.set(`${method} ${app.prefix}${url}`, access);
  };
  return {
    /** Registers a console entry of the route table with `handler`, behind the entry's access. */
    handle<E extends AdminRoute>(entry: E, handler: (ctx: AdminHandlerContext<E>) => Promise<RouteResult<E['response']>>): void {
      mark(entry.method, entry.path, entry.access);
      const call = handler as (ctx: unknown) => Promise<RouteResult<E['response']>>;
      const operator = entry.access === 'visitor' ? (request: FastifyRequest) => request.operator : (request: FastifyRequest) => request.operator as SignedOperator;
      // The guard above (preHandler) already refused callers without the access: the shop's
      // registration runs as 'anyone'.
      const asShop: ShopRoute = { ...(entry as ApiRoute), access: 'anyone' };
      r.handle(asShop, (ctx) => call({ ...ctx, operator: operator(ctx.request), actor: actorOf(ctx.request) }));
    },
  };
}
