import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerRange } from './byte-range.ts';
import { getMedia, MEDIA_ID, type ServedMedia } from './media.repo.ts';
import { blobStoreOf } from './media-store.ts';

/** SVG may carry script; served alone it gets no script, no fetches and an opaque origin. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** A name that carries its content's hash never changes content: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A name an operator may fill again (reveal videos, generated art): a day, then revalidated. */
const REVALIDATED = 'public, max-age=86400';

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
}

/** True when an If-None-Match header names this ETag (weak or strong) or is '*'. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Size, strong ETag and a reader of any span, for a file or a text medium. */
function served(app: FastifyInstance, row: ServedMedia) {
  const { blob } = row;
  if (blob) {
    const store = blobStoreOf(blob.storage, app.ctx.config);
    const contentAddressed = row.id.includes(`-${blob.sha256.slice(0, 12)}.`);
    return {
      size: blob.byteSize,
      etag: `"${blob.sha256}"`,
      cache: contentAddressed ? IMMUTABLE : REVALIDATED,
      open: (start: number, end: number) => store.read(app.ctx.db, blob.blobKey, { start, end }),
    };
  }
  const bytes = Buffer.from(row.body, 'utf8');
  return {
    size: bytes.length,
    etag: `"${createHash('sha1').update(row.body, 'utf8').digest('hex')}"`,
    cache: REVALIDATED,
    open: (start: number, end: number) => Readable.from([bytes.subarray(start, end + 1)]),
  };
}

/**
 * GET /media/:id: generated art and uploads, streamed from their store. Byte ranges (206, 416)
 * so that video players (iPhone Safari insists) can seek, ETag with If-None-Match and If-Range,
 * and a year of caching for names that carry their content's hash (decision 034).
 */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  // A wildcard rather than ':id': parametric segments are capped at 100 characters (414), and
  // every malformed path should get the same plain 404.
  app.get<{ Params: { '*': string } }>('/media/*', { config: { outsideEnvelope: 'media' } }, async (request, reply) => {
    const id = request.params['*'];
    if (!MEDIA_ID.test(id)) return notFound(reply);
    const row = await getMedia(app.ctx.db, id);
    if (!row) return notFound(reply);

    const file = served(app, row);
    reply
      .header('cache-control', file.cache)
      .header('etag', file.etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff');
    if (row.contentType.startsWith('image/svg+xml')) reply.header('content-security-policy', SVG_CSP);
    if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();

    const ifRange = [request.headers['if-range']].flat()[0];
    const range = answerRange(request.headers.range, file.size, file.etag, ifRange);
    if (range.kind === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${file.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
    }
    const { start, end } = range.kind === 'partial' ? range.span : { start: 0, end: file.size - 1 };
    if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
    reply.type(row.contentType).header('content-length', end - start + 1);
    // HEAD: Fastify's HEAD handling keeps the Content-Length set here only for a stream payload.
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    if (file.size === 0) return reply.send(Buffer.alloc(0));
    const body = file.open(start, end);
    // A store that fails mid-file can only cut the answer short; say why in the log.
    body.on('error', (error) => request.log.error({ err: error, media: id }, 'media stream failed'));
    return reply.send(body);
  });
}
