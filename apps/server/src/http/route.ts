import type { ShopAccess } from '@oripa/contract/api-paths';
import type { ApiRoute } from '@oripa/contract/api-routes';
import { LONE_SURROGATE } from '@oripa/contract/fields';
import { isMessageCode, type MessageCode } from '@oripa/contract/messages';
import { STATE } from '@oripa/contract/states';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from './context.ts';
import { sendEnvelope } from './envelope.ts';
import { AppError, type FieldMessage } from '../kernel/errors.ts';
import { responseBreaches } from './response-check.ts';
import { envelopeJsonSchema } from './response-serializer.ts';
import { loadSession, type Session } from './session.ts';

export interface RouteContext<P, Q, S = undefined> {
  app: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  session: Session;
  payload: P;
  params: Q;
  query: S;
}

/** A member-only route's context: the session has a user. */
export type MemberContext<P, Q, S = undefined> = RouteContext<P, Q, S> & { userId: number };

/**
 * Context of a member route that reads the session row in its own first statement (the
 * purchase hot path, one round trip less): it gets the cookie's session key, and must answer
 * 401 itself when that session has no member. `readSession` reads the row the usual way, for
 * the rare request that needs more of it.
 */
export interface KeyedMemberContext<P> {
  app: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  sessionKey: string;
  readSession(): Promise<Session>;
  payload: P;
}


interface RouteSpec<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  SS extends z.ZodType | undefined,
  RS extends z.ZodObject,
> {
  /** zod schema of the `json` form field (POST only). */
  payload?: PS;
  /** zod schema of the path parameters. */
  params?: QS;
  /** zod schema of the query string. */
  query?: SS;
  /**
   * The contract's schema of the answer's own fields (state, csrf and errors come on top). It
   * types the handler's return, is checked on every answer outside production, and serializes
   * the answer in production when RESPONSE_SERIALIZER=schema.
   */
  response: RS;
}

type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** Success states a handler may answer with; refusals are thrown (AppError). */
type SuccessState = typeof STATE.ok | typeof STATE.noContent;

/** What a handler returns: the call's fields as the contract has them, optionally with state 204. */
export type RouteResult<RS extends z.ZodObject> = z.input<RS> & { state?: SuccessState };

/** Turns zod issues into per-field message codes; a schema's message may name a catalogue code. */
export function zodFieldErrors(error: z.ZodError): Record<string, FieldMessage[]> {
  const fields: Record<string, FieldMessage[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'request';
    const code: MessageCode = isMessageCode(issue.message) ? issue.message : 'common.invalid';
    const params = 'maximum' in issue ? { max: Number(issue.maximum) } : undefined;
    (fields[field] ??= []).push(params ? { code, params } : { code });
  }
  return fields;
}

/**
 * What PostgreSQL cannot store that a parsed value holds anywhere (nested at most a few levels,
 * as payloads are): a NUL (refused in text), a lone surrogate (refused in jsonb, e.g. an audit
 * row's before and after), or nothing.
 */
function unstorable(value: unknown, depth = 0): 'common.control_character' | 'common.broken_character' | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'common.control_character';
    return LONE_SURROGATE.test(value) ? 'common.broken_character' : undefined;
  }
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const v of Object.values(value)) {
    const found = unstorable(v, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function parseWith<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.wire(STATE.validation, zodFieldErrors(parsed.error));
  // The net under the contract's text fields (fields.ts): PostgreSQL cannot store a NUL or a
  // lone surrogate, so a schema that forgot textField still answers a refusal under the field,
  // never a 500.
  const data: unknown = parsed.data;
  const code = unstorable(data);
  if (code) {
    const field = data && typeof data === 'object' ? Object.keys(data).find((k) => unstorable((data as Record<string, unknown>)[k])) : undefined;
    throw AppError.wire(STATE.validation, { [field ?? 'request']: [{ code }] });
  }
  return parsed.data as Out<S>;
}

/** The `json` form field of a POST, parsed; a missing field is an empty payload. */
function jsonField(request: FastifyRequest): unknown {
  const raw = (request.body as Record<string, unknown> | undefined)?.json;
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') throw AppError.wire(STATE.validation, { json: [{ code: 'common.bad_request' }] });
  try {
    return JSON.parse(raw);
  } catch {
    throw AppError.wire(STATE.validation, { json: [{ code: 'common.bad_request' }] });
  }
}

/** A '…-by-key' route's context: the cookie's session key, and the usual read for when it needs the row. */
function keyed<P>({ app, request, reply, session, payload }: RouteContext<P, unknown, unknown>): KeyedMemberContext<P> {
  return { app, request, reply, sessionKey: session.key, readSession: () => loadSession(app.db, request, reply, app.cookie), payload };
}

/**
 * Outside production every answer is checked against its schema before it leaves: a breach is
 * logged and answered as state 500 naming the breaches under errors.response, so neither a test
 * nor a developer's browser can miss it.
 */
function sendChecked(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodObject,
  state: number,
  fields: Record<string, unknown>,
): FastifyReply {
  const breaches = responseBreaches(schema, fields);
  if (breaches.length === 0) return sendEnvelope(request, reply, state, {}, fields);
  request.log.error({ route: request.routeOptions.url, breaches }, 'answer breaks its contract schema');
  return sendEnvelope(request, reply, STATE.server, { response: breaches });
}

function register<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  SS extends z.ZodType | undefined,
  RS extends z.ZodObject,
>(
  fastify: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  spec: RouteSpec<PS, QS, SS, RS>,
  access: ShopAccess,
  handler: (ctx: RouteContext<Out<PS>, Out<QS>, Out<SS>> & { userId: number | null }) => Promise<RouteResult<RS>>,
): void {
  const { config } = fastify.ctx;
  const check = config.NODE_ENV !== 'production';
  const purchaseCall = access === 'member-by-key';
  fastify.route({
    method,
    url,
    config: {
      ownSession: access === 'member-by-key' || access === 'anyone-by-key',
      reuseCsrf: purchaseCall,
      responseSchema: spec.response,
    },
    // The purchase hot path answers a few hundred bytes, under the compression threshold, and
    // browsers never compress a form: no compression hooks on these routes (decision 005), which
    // is also what lets their answers carry the request's csrf token again (envelope.ts).
    ...(purchaseCall ? { compress: false as const, decompress: false as const } : {}),
    ...(config.RESPONSE_SERIALIZER === 'schema' ? { schema: { response: { 200: envelopeJsonSchema(spec.response) } } } : {}),
    handler: async (request, reply) => {
      // A visitor on a member route learns only that login is required, whatever they sent.
      // (A deferred session is checked by the handler's own statement.)
      const userId = request.session.userId;
      if ((access === 'member' || access === 'member-by-key') && userId === null && !request.session.deferred) throw AppError.loginRequired();
      const params = parseWith<QS>(spec.params as QS, request.params);
      const query = parseWith<SS>(spec.query as SS, request.query);
      const payload = method === 'POST' ? parseWith<PS>(spec.payload as PS, jsonField(request)) : (undefined as Out<PS>);
      const { state = STATE.ok, ...fields }: { state?: number } & Record<string, unknown> = await handler({
        app: fastify.ctx,
        request,
        reply,
        session: request.session,
        payload,
        params,
        query,
        userId,
      });
      if (check) return sendChecked(request, reply, spec.response, state, fields);
      return sendEnvelope(request, reply, state, {}, fields);
    },
  });
}

/** The schema under `key` of a table entry, inferred; undefined when the entry has none. */
type In<E, K extends 'payload' | 'params' | 'query'> = E extends { readonly [P in K]: infer S } ? Out<S> : undefined;

/** A shop route's table entry (console entries go through modules/admin/admin-route.ts). */
export type ShopRoute = ApiRoute & { readonly access: ShopAccess };

/** What a shop route's handler gets, by the entry's access. */
export type HandlerContext<E extends ShopRoute> = E['access'] extends 'member'
  ? MemberContext<In<E, 'payload'>, In<E, 'params'>, In<E, 'query'>>
  : E['access'] extends 'member-by-key' | 'anyone-by-key'
    ? KeyedMemberContext<In<E, 'payload'>>
    : RouteContext<In<E, 'payload'>, In<E, 'params'>, In<E, 'query'>> & { userId: number | null };

/**
 * Routes of the shop API, each answering with the envelope and registered from its entry in the
 * contract's route table (`@oripa/contract/api-routes`): method, path, schemas and access come
 * from the entry; the handler stays in its module.
 */
export function routes(fastify: FastifyInstance) {
  return {
    /**
     * Registers `entry` with `handler`. Access: 'member' answers 401 to visitors; '…-by-key'
     * hands the handler the cookie's session key (KeyedMemberContext) instead of a read session:
     * the purchase hot path and the point read polled by every open tab save a round trip.
     */
    handle<E extends ShopRoute>(entry: E, handler: (ctx: HandlerContext<E>) => Promise<RouteResult<E['response']>>): void {
      const spec = { payload: entry.payload, params: entry.params, query: entry.query, response: entry.response };
      const byKey = entry.access === 'member-by-key' || entry.access === 'anyone-by-key';
      const call = handler as (ctx: unknown) => Promise<RouteResult<E['response']>>;
      register(fastify, entry.method, entry.path, spec, entry.access, byKey ? (ctx) => call(keyed(ctx)) : call);
    },
  };
}
