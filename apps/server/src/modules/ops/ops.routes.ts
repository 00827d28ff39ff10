import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { runCommand } from '../../cli/run-command.ts';

const bodySchema = z.object({ argv: z.array(z.string().max(10_000)).max(100) });

function isLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function tokenMatches(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator endpoint the CLI uses while the shop runs: loopback callers with the token from
 * DATA_DIR/ops-endpoint.json only. It answers plain JSON, outside the shop's envelope.
 */
export default async function opsRoutes(app: FastifyInstance): Promise<void> {
  app.post('/_ops/run', { config: { csrf: false, outsideEnvelope: 'operator' } }, async (request, reply) => {
    if (!isLoopback(request) || !tokenMatches(request.headers['x-ops-token'], app.ctx.opsToken)) {
      return reply.code(401).send({ ok: false, error: 'operator token required' });
    }
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: 'bad operator request' });
    const { config, database, maintenance } = app.ctx;
    return runCommand({ config, database, maintenance, fairness: app.ctx.fairness }, parsed.data.argv);
  });
}
