import { randomBytes } from 'node:crypto';
import { message, type MessageCode } from '@oripa/contract/messages';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { issuedAt } from './csrf.ts';
import type { FieldMessage } from '../kernel/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The POST's csrf token once wire.ts verified it, with the session key it was verified for. */
    verifiedCsrf?: { key: string; token: string };
  }
}

/** How young a verified token must be for the purchase hot path to answer with it again. */
export const CSRF_REUSE_MS = 10 * 60 * 1000;

/**
 * The purchase calls (route option reuseCsrf, set with their opt-out of compression) answer with
 * the token the request brought while it is under CSRF_REUSE_MS old and the session key is
 * unchanged: an HMAC and a random draw less per call (decision 005). Tokens are stateless and
 * accepted for an hour from issue whoever holds them, so a reused one is worth no more than a
 * fresh one; the client still always holds one with 50 minutes to go. Only these answers reuse:
 * they are small (never compressed) and echo nothing of the request, so no compression oracle
 * can read the token; every other answer still brings a fresh one.
 */
function reusableCsrf(request: FastifyRequest, key: string): string | undefined {
  const verified = request.verifiedCsrf;
  if (!verified || verified.key !== key || !request.routeOptions.config?.reuseCsrf) return undefined;
  const age = Date.now() - issuedAt(verified.token);
  return age >= 0 && age < CSRF_REUSE_MS ? verified.token : undefined;
}

/**
 * HTTP status of an envelope. The state in the body is the contract (spec section 4), so
 * answers the client handles itself (validation, login, csrf, not found) go out as HTTP 200 and
 * browsers log no network errors for them. Only what infrastructure should see keeps its own
 * status: maintenance 503, throttling 429, an unexpected failure 500.
 */
export function httpStatusOf(state: number): number {
  if (state === STATE.maintenance) return 503;
  if (state === STATE.throttled || state === STATE.server) return state;
  return 200;
}

/** Localizes per-field message codes into the errors block of the envelope. */
export function localizeErrors(
  request: FastifyRequest,
  fields: Record<string, FieldMessage[]>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(fields)) {
    errors[field] = list.map((m) => message(m.code, request.lang ?? 'ja', m.params));
  }
  return errors;
}

/** One localized message under one field. */
export function errorsOf(request: FastifyRequest, field: string, code: MessageCode): FieldErrors {
  return localizeErrors(request, { [field]: [{ code }] });
}

function withoutEnvelopeKeys(fields: Record<string, unknown>): Record<string, unknown> {
  const { state: _s, csrf: _c, errors: _e, ...rest } = fields;
  return rest;
}

/**
 * Sends `{state, csrf, errors, ...fields}` with a freshly issued csrf token for the session
 * (the purchase calls: the request's own while it is young, see reusableCsrf).
 * Responses are never cached.
 */
export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  state: number,
  errors: FieldErrors,
  fields: Record<string, unknown> = {},
): FastifyReply {
  const key = request.session?.key ?? randomBytes(16).toString('hex');
  const csrf = reusableCsrf(request, key) ?? request.server.ctx.csrf.issue(key);
  request.envelopeState = state;
  return reply
    .code(httpStatusOf(state))
    .header('cache-control', 'no-store')
    .send({ state, csrf, errors, ...withoutEnvelopeKeys(fields) });
}
