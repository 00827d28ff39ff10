import multipart, { type Multipart } from '@fastify/multipart';
import { INQUIRY_FILE_TYPES, INQUIRY_MAX_FILE_BYTES, INQUIRY_MAX_FILES } from '@oripa/contract/inquiries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { removeBlobs, type StoredBlob } from '../media/media.service.ts';
import { blobStoreOf } from '../media/media-store.ts';
import { streamFile, type StreamedFile } from '../media/upload-form.ts';
import { isAttachmentBlob } from './inquiries.repo.ts';

/**
 * Images members attach to an inquiry (decision 052): a multipart form (`csrf`, `json`, and up to
 * three files under `file`), each file streamed into the shop's media blob store as it arrives
 * (media/upload-form.ts), its type decided by its first bytes, never its name. The stored files
 * get no /media address: they are read back only through the inquiry's own routes.
 */

/** An image ready to attach: where it was stored and its type by its bytes. */
export interface InquiryFile {
  blob: StoredBlob;
  contentType: string;
}

const FILES_FIELD = 'files';
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;
const malformed = () => AppError.field('file', 'inquiries.file_malformed');

function streamedFiles(request: FastifyRequest): StreamedFile[] {
  const value = (request.body as Record<string, unknown> | undefined)?.[FILES_FIELD];
  return Array.isArray(value) ? (value as StreamedFile[]) : [];
}

/** Reads the form, text fields into the body and files into the store; one file more than allowed is read to refuse it. */
async function readForm(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw malformed();
  const body: Record<string, unknown> = {};
  const files: StreamedFile[] = [];
  body[FILES_FIELD] = files;
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') body[part.fieldname] = part.value;
      } else if (part.fieldname === 'file') {
        files.push(await streamFile(app, part));
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    await removeBlobs(app.ctx.db, app.ctx.config, files.map((f) => f.blob)).catch(() => undefined);
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'malformed inquiry form');
    throw malformed();
  }
  return body;
}

/**
 * Lets this plugin's routes take multipart forms from signed-in members only (refused before
 * anything is stored). A file no inquiry kept (refused form, csrf, throttle) leaves the store
 * once the answer is sent.
 */
export async function acceptInquiryFiles(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    if (request.session.userId === null) throw AppError.loginRequired();
    request.body = await readForm(app, request);
  });
  app.addHook('onResponse', async (request) => {
    for (const file of streamedFiles(request)) {
      if (file.blob && !(await isAttachmentBlob(app.ctx.db, file.blob.blobKey))) await removeBlobs(app.ctx.db, app.ctx.config, [file.blob]);
    }
  });
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // One file more than allowed is still read, so that it is refused with a message, not dropped.
    limits: { fileSize: INQUIRY_MAX_FILE_BYTES, files: INQUIRY_MAX_FILES + 1, fields: 4, parts: INQUIRY_MAX_FILES + 5, fieldSize: 64 * 1024 },
  });
}

const ACCEPTED: readonly string[] = INQUIRY_FILE_TYPES;

/** The request's attachments, checked: at most three, each an image of an accepted type within 2 MB. */
export function inquiryFiles(request: FastifyRequest): InquiryFile[] {
  const files = streamedFiles(request).filter((f) => f.bytes > 0);
  if (files.length > INQUIRY_MAX_FILES) throw AppError.field('file', 'inquiries.too_many_files', { max: INQUIRY_MAX_FILES });
  for (const file of files) {
    if (file.tooLarge || file.bytes > INQUIRY_MAX_FILE_BYTES) throw AppError.field('file', 'inquiries.file_too_large', { max: '2 MB' });
    if (!file.blob || !file.contentType || !ACCEPTED.includes(file.contentType)) throw AppError.field('file', 'inquiries.file_type');
  }
  return files.map((f) => ({ blob: f.blob!, contentType: f.contentType! }));
}

/** An attachment's bytes as a data URL (at most 2 MB, read whole from its store). */
export async function attachmentDataUrl(db: Db, config: Config, contentType: string, blob: StoredBlob): Promise<string> {
  const pieces: Buffer[] = [];
  if (blob.byteSize > 0) {
    for await (const piece of blobStoreOf(blob.storage, config).read(db, blob.blobKey, { start: 0, end: blob.byteSize - 1 })) pieces.push(piece as Buffer);
  }
  return `data:${contentType};base64,${Buffer.concat(pieces).toString('base64')}`;
}
