import Fastify, { type FastifyInstance } from 'fastify';
import { readiness } from './health.ts';

/**
 * The operators' listener: GET /metrics (Prometheus text), /healthz and /readyz on METRICS_PORT,
 * bound to METRICS_HOST (loopback by default). Kept off the shop's port so no member, and no
 * reverse-proxy rule forgotten, can read the shop's figures.
 */
export async function startMetricsListener(shop: FastifyInstance, port: number, host: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    const text = await shop.ctx.metrics.text();
    return reply.header('content-type', shop.ctx.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
  server.get('/healthz', async () => ({ status: 'ok' }));
  server.get('/readyz', async (_request, reply) => {
    const result = await readiness(shop.ctx.db, shop.ctx.lifecycle.closing, shop.ctx.readinessChecks);
    return reply.code(result.ready ? 200 : 503).send(result.ready ? { status: 'ready' } : { status: 'not ready', reason: result.reason });
  });
  await server.listen({ port, host });
  return server;
}
