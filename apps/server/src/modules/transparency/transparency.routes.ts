import {
  consistencyQuery,
  entriesQuery,
  headsQuery,
  inclusionQuery,
  MAX_ENTRIES_PER_CALL,
} from '@oripa/contract/transparency';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { consistencyProof, entriesBetween, headsBetween, inclusionProof, newestHead } from './log.service.ts';

const config = { outsideEnvelope: 'transparency' as const };

/** A refused query: plain JSON with the reason, never a 500. */
function refuse(reply: FastifyReply, status: number, error: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error });
}

function parse<T extends z.ZodType>(schema: T, query: unknown): z.output<T> | undefined {
  const parsed = schema.safeParse(query);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The transparency log's public API (docs/fairness/draw-v2.md §4): the log key, signed heads,
 * entries, inclusion and consistency proofs. Plain JSON for mirrors and verifiers, readable by
 * anyone; the mirror document is served by the gacha module (it names the lot's images).
 */
export default async function transparencyRoutes(app: FastifyInstance): Promise<void> {
  const { db, fairness } = app.ctx;

  app.get('/transparency/key', { config }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ log_id: fairness.signer.logId, public_key: fairness.signer.publicKey, algorithm: 'Ed25519' }),
  );

  app.get('/transparency/heads', { config }, async (request, reply) => {
    const q = parse(headsQuery, request.query);
    if (!q) return refuse(reply, 400, 'from and to are tree sizes');
    const newest = await newestHead(db, fairness.signer);
    const to = Math.min(q.to ?? newest?.tree_size ?? 0, newest?.tree_size ?? 0);
    const heads = await headsBetween(db, q.from, to, MAX_ENTRIES_PER_CALL);
    return reply.header('cache-control', 'no-store').send({ heads: heads.map((h) => ({ ...h, log_id: fairness.signer.logId })) });
  });

  app.get('/transparency/entries', { config }, async (request, reply) => {
    const q = parse(entriesQuery, request.query);
    if (!q || q.end <= q.start || q.end - q.start > MAX_ENTRIES_PER_CALL) {
      return refuse(reply, 400, `start < end, at most ${MAX_ENTRIES_PER_CALL} entries`);
    }
    const newest = await newestHead(db, fairness.signer);
    const end = Math.min(q.end, newest?.tree_size ?? 0);
    return reply.header('cache-control', 'no-store').send({ entries: await entriesBetween(db, q.start, end) });
  });

  app.get('/transparency/proof/inclusion', { config }, async (request, reply) => {
    const q = parse(inclusionQuery, request.query);
    const path = q && (await inclusionProof(db, q.index, q.tree_size));
    if (!q || !path) return refuse(reply, 404, 'no such leaf in a signed tree of that size');
    return reply.header('cache-control', 'no-store').send({ index: q.index, tree_size: q.tree_size, inclusion_path: path });
  });

  app.get('/transparency/proof/consistency', { config }, async (request, reply) => {
    const q = parse(consistencyQuery, request.query);
    const path = q && (await consistencyProof(db, q.first, q.second));
    if (!q || !path) return refuse(reply, 404, 'no signed trees of those sizes');
    return reply.header('cache-control', 'no-store').send({ first: q.first, second: q.second, consistency_path: path });
  });
}
