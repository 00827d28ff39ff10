import { isMessageCode, type MessageCode } from '@oripa/contract/messages';
import { STATE } from '@oripa/contract/states';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from './context.ts';
import { sendEnvelope } from './envelope.ts';
import { AppError, type FieldMessage } from './errors.ts';
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

/** Who may call a route, and whether the session is read before the handler. */
type Access = 'anyone' | 'member' | 'member-by-key';

interface RouteSpec<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  SS extends z.ZodType | undefined = undefined,
> {
  /** zod schema of the `json` form field (POST only). */
  payload?: PS;
  /** zod schema of the path parameters. */
  params?: QS;
  /** zod schema of the query string. */
  query?: SS;
}

type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a handler returns: the call's fields, optionally with a non-200 success state. */
export type RouteResult = Record<string, unknown> & { state?: number };

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

function parseWith<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(STATE.validation, zodFieldErrors(parsed.error));
  return parsed.data as Out<S>;
}

/** The `json` form field of a POST, parsed; a missing field is an empty payload. */
function jsonField(request: FastifyRequest): unknown {
  const raw = (request.body as Record<string, unknown> | undefined)?.json;
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') throw AppError.invalid('json', 'common.bad_request');
  try {
    return JSON.parse(raw);
  } catch {
    throw AppError.invalid('json', 'common.bad_request');
  }
}

function register<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  SS extends z.ZodType | undefined,
>(
  fastify: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  spec: RouteSpec<PS, QS, SS>,
  access: Access,
  handler: (ctx: RouteContext<Out<PS>, Out<QS>, Out<SS>> & { userId: number | null }) => Promise<RouteResult>,
): void {
  fastify.route({
    method,
    url,
    config: { ownSession: access === 'member-by-key' },
    handler: async (request, reply) => {
      // A visitor on a member route learns only that login is required, whatever they sent.
      // (A deferred session is checked by the handler's own statement.)
      const userId = request.session.userId;
      if (access !== 'anyone' && userId === null && !request.session.deferred) throw AppError.loginRequired();
      const params = parseWith<QS>(spec.params as QS, request.params);
      const query = parseWith<SS>(spec.query as SS, request.query);
      const payload = method === 'POST' ? parseWith<PS>(spec.payload as PS, jsonField(request)) : (undefined as Out<PS>);
      const { state = STATE.ok, ...fields } = await handler({
        app: fastify.ctx,
        request,
        reply,
        session: request.session,
        payload,
        params,
        query,
        userId,
      });
      return sendEnvelope(request, reply, state, {}, fields);
    },
  });
}

/** Routes of the shop API, each answering with the envelope. */
export function routes(fastify: FastifyInstance) {
  return {
    get<QS extends z.ZodType | undefined = undefined, SS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: RouteSpec<undefined, QS, SS>,
      handler: (ctx: RouteContext<undefined, Out<QS>, Out<SS>> & { userId: number | null }) => Promise<RouteResult>,
    ) {
      register(fastify, 'GET', url, spec, 'anyone', handler);
    },
    post<PS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: RouteSpec<PS, QS>,
      handler: (ctx: RouteContext<Out<PS>, Out<QS>, undefined> & { userId: number | null }) => Promise<RouteResult>,
    ) {
      register(fastify, 'POST', url, spec, 'anyone', handler);
    },
    /** GET for members only: visitors get state 401. */
    memberGet<QS extends z.ZodType | undefined = undefined, SS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: RouteSpec<undefined, QS, SS>,
      handler: (ctx: MemberContext<undefined, Out<QS>, Out<SS>>) => Promise<RouteResult>,
    ) {
      register(fastify, 'GET', url, spec, 'member', (ctx) => handler(ctx as MemberContext<undefined, Out<QS>, Out<SS>>));
    },
    /** POST for members only: visitors get state 401. */
    memberPost<PS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: RouteSpec<PS, QS>,
      handler: (ctx: MemberContext<Out<PS>, Out<QS>>) => Promise<RouteResult>,
    ) {
      register(fastify, 'POST', url, spec, 'member', (ctx) => handler(ctx as MemberContext<Out<PS>, Out<QS>>));
    },
    /** POST for members whose handler reads the session itself (KeyedMemberContext). */
    memberPostByKey<PS extends z.ZodType | undefined = undefined>(
      url: string,
      spec: RouteSpec<PS, undefined>,
      handler: (ctx: KeyedMemberContext<Out<PS>>) => Promise<RouteResult>,
    ) {
      register(fastify, 'POST', url, spec, 'member-by-key', ({ app, request, reply, session, payload }) =>
        handler({
          app,
          request,
          reply,
          sessionKey: session.key,
          readSession: () => loadSession(app.db, request, reply, app.cookie),
          payload,
        }),
      );
    },
  };
}
