import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import type { StoredBlob } from './media.repo.ts';
import { removeBlobs, writeBlob } from './media.service.ts';
import { mediaStoreFor } from './media-store.ts';
import { sniffContentType } from './sniff.ts';

/** The file of an upload form as it was streamed to the store (or not, when refused on the way). */
export interface StreamedFile {
  /** Where it went; absent when it was empty, of no accepted type or cut at the size limit. */
  blob?: StoredBlob;
  /** The type its first bytes say (magic numbers), whatever its name or the browser claimed. */
  contentType?: string;
  bytes: number;
  tooLarge: boolean;
}

/** Bytes read before the type is decided: enough for every magic number sniff.ts knows. */
const SNIFF_BYTES = 16;
/** RFC 2046 allows boundaries of 1-70 characters; a longer one is refused before parsing. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

const malformed = () => AppError.field('file', 'media.malformed');

/**
 * Reads a console upload form part by part: text fields into the body, the file under `file`
 * streamed straight into the configured store (never whole in memory, never base64). Any fault
 * of the form itself (no or bad boundary, a body cut short, too many parts) is the client's: a
 * field error under `file`, never a 500. Nothing of a refused form stays in the store.
 */
export async function readUploadForm(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw malformed();
  const body: Record<string, unknown> = {};
  let streamed: StreamedFile | undefined;
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') body[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !streamed) {
        streamed = await streamFile(app, part);
        body.file = streamed;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (streamed?.blob) await removeBlobs(app.ctx.db, app.ctx.config, [streamed.blob]).catch(() => undefined);
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'malformed upload form');
    throw malformed();
  }
  return body;
}

/** Streams a file part into the store once its first bytes show an accepted type; drains it otherwise (also for inquiry attachments). */
export async function streamFile(app: FastifyInstance, part: MultipartFile): Promise<StreamedFile> {
  const reader = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await reader.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const contentType = sniffContentType(Buffer.concat(head));
  let bytes = headBytes;
  if (!contentType || headBytes === 0) {
    if (!ended) for (let next = await reader.next(); !next.done; next = await reader.next()) bytes += next.value.length;
    return { contentType, bytes, tooLarge: part.file.truncated };
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    for (let next = await reader.next(); !next.done; next = await reader.next()) yield next.value;
  }
  const blob = await writeBlob(app.ctx.db, mediaStoreFor(app.ctx.config), whole());
  if (part.file.truncated) {
    // Cut at the size limit: what was written is only the beginning of the file.
    await removeBlobs(app.ctx.db, app.ctx.config, [blob]);
    return { contentType, bytes: blob.byteSize, tooLarge: true };
  }
  return { blob, contentType, bytes: blob.byteSize, tooLarge: false };
}
