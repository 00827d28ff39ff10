import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

/** A request id a proxy may pass on: short and plain, so it cannot forge or bloat log lines. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request's id: the reverse proxy's `X-Request-Id` when the proxy is trusted (TRUST_PROXY) and
 * the id is plain, else a new UUID. Every log line of the request (its one access line, an error)
 * carries it as `reqId`, and the answer carries it in `X-Request-Id`, so a member's report of a
 * failure can be found in the logs.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers['x-request-id'];
    if (trustProxy && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded;
    return randomUUID();
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope's state, once sendEnvelope answered (the access line shows it). */
    envelopeState?: number;
  }
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(unmatched)';
}

/**
 * One structured line per request, written when the answer is sent: method, masked URL, route
 * pattern, HTTP status, the envelope's state and the time taken (Fastify's own two lines are
 * turned off in app.ts). The same hook feeds the request metrics.
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const ms = reply.elapsedTime;
    app.ctx.metrics.observeRequest(request.method, route, reply.statusCode, ms / 1000);
    const line = {
      req: request,
      route,
      status: reply.statusCode,
      ...(request.envelopeState !== undefined ? { state: request.envelopeState } : {}),
      ms: Math.round(ms * 10) / 10,
    };
    if (reply.statusCode >= 500) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
  });
}

export default fp(requestLog, { name: 'request-log' });
