import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getMedia, MEDIA_ID } from './media.repo.ts';

/** SVG may carry script; served alone it gets no script, no fetches and an opaque origin. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('Not Found');
}

/** True when an If-None-Match header names this ETag (weak or strong) or is '*'. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** GET /media/:id: generated art and uploads, cacheable for a day and revalidated by ETag. */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  // A wildcard rather than ':id': parametric segments are capped at 100 characters (414), and
  // every malformed path should get the same plain 404.
  app.get<{ Params: { '*': string } }>('/media/*', { config: { outsideEnvelope: 'media' } }, async (request, reply) => {
    const id = request.params['*'];
    if (!MEDIA_ID.test(id)) return notFound(reply);
    const row = await getMedia(app.ctx.db, id);
    if (!row) return notFound(reply);

    const etag = `"${createHash('sha1').update(row.body, 'utf8').digest('hex')}"`;
    // SVG and text are stored as they are; other images (operator uploads) as base64.
    const isText = row.contentType.startsWith('image/svg+xml') || row.contentType.startsWith('text/');
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (row.contentType.startsWith('image/svg+xml')) reply.header('content-security-policy', SVG_CSP);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(row.contentType).send(isText ? row.body : Buffer.from(row.body, 'base64'));
  });
}
