import { randomBytes } from 'node:crypto';
import { message, type MessageCode } from '@oripa/contract/messages';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldMessage } from './errors.ts';

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
 * Sends `{state, csrf, errors, ...fields}` with a freshly issued csrf token for the session.
 * Responses are never cached: each carries a new token.
 */
export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  state: number,
  errors: FieldErrors,
  fields: Record<string, unknown> = {},
): FastifyReply {
  const key = request.session?.key ?? randomBytes(16).toString('hex');
  const csrf = request.server.ctx.csrf.issue(key);
  request.envelopeState = state;
  return reply
    .code(httpStatusOf(state))
    .header('cache-control', 'no-store')
    .send({ state, csrf, errors, ...withoutEnvelopeKeys(fields) });
}
