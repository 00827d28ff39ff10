import { message, type MessageCode } from '@oripa/contract/messages';
import { STATE } from '@oripa/contract/states';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorsOf, sendEnvelope } from './envelope.ts';

/** A page saying what went wrong, in both languages, loading nothing: for addresses outside /api. */
export function sendPlainPage(reply: FastifyReply, status: number, code: MessageCode): FastifyReply {
  const page = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status}</title></head>
<body><p>${message(code, 'ja')}</p><p lang="en">${message(code, 'en')}</p></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/**
 * Addresses the router refuses before any route runs (a broken percent-encoding such as `%zz`
 * or `%C0%AF`, a path parameter longer than the router takes): an API call answers the envelope,
 * anything else a page, as the route would have. Fastify's own answer is a bare JSON error.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if ((request.raw.url ?? '').startsWith('/api/')) {
    void sendEnvelope(request, reply, STATE.validation, errorsOf(request, 'path', 'common.bad_request'));
  } else {
    void sendPlainPage(reply, 400, 'common.bad_request');
  }
}
