import { roleAllows, type AdminPermission } from '@oripa/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../kernel/errors.ts';
import { routes, type RouteContext, type RouteResult } from '../../http/route.ts';
import { readConsoleSession, type SignedOperator } from './admin-session.ts';
import type { Actor } from '../audit/audit.service.ts';

/**
 * Who may call a console route: 'visitor' (the login itself), 'login' (an operator part-way
 * through the login: password change, TOTP enrolment or code; the handler checks the step), or
 * a permission, which needs a finished login and a role that has it (contract admin.ts).
 */
export type AdminAccess = 'visitor' | 'login' | AdminPermission;

type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

interface Spec<PS, QS, SS, RS extends z.ZodObject> {
  payload?: PS;
  params?: QS;
  query?: SS;
  response: RS;
}

/** A console handler's context: the shop's route context plus the operator and the audit actor. */
export type AdminContext<P, Q, S> = RouteContext<P, Q, S> & { operator: SignedOperator; actor: Actor };
type VisitorContext<P, Q, S> = RouteContext<P, Q, S> & { operator: SignedOperator | null; actor: Actor };

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
    if (!roleAllows(operator.role, access)) throw AppError.field('operator', 'admin.forbidden');
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
    get<RS extends z.ZodObject, QS extends z.ZodType | undefined = undefined, SS extends z.ZodType | undefined = undefined>(
      url: string,
      access: Exclude<AdminAccess, 'visitor'>,
      spec: Spec<undefined, QS, SS, RS>,
      handler: (ctx: AdminContext<undefined, Out<QS>, Out<SS>>) => Promise<RouteResult<RS>>,
    ) {
      mark('GET', url, access);
      r.get(url, spec, (ctx) => handler({ ...ctx, operator: ctx.request.operator as SignedOperator, actor: actorOf(ctx.request) }));
    },
    post<RS extends z.ZodObject, PS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
      url: string,
      access: Exclude<AdminAccess, 'visitor'>,
      spec: Spec<PS, QS, undefined, RS>,
      handler: (ctx: AdminContext<Out<PS>, Out<QS>, undefined>) => Promise<RouteResult<RS>>,
    ) {
      mark('POST', url, access);
      r.post(url, spec, (ctx) => handler({ ...ctx, operator: ctx.request.operator as SignedOperator, actor: actorOf(ctx.request) }));
    },
    /** A POST anyone may make (the login). */
    visitorPost<RS extends z.ZodObject, PS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: Spec<PS, undefined, undefined, RS>,
      handler: (ctx: VisitorContext<Out<PS>, undefined, undefined>) => Promise<RouteResult<RS>>,
    ) {
      mark('POST', url, 'visitor');
      r.post(url, spec, (ctx) => handler({ ...ctx, operator: ctx.request.operator, actor: actorOf(ctx.request) }));
    },
  };
}
