import multipart from '@fastify/multipart';
import type { AdminPermission } from '@oripa/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { operatorMay } from '../admin/admin-session.ts';
import { attachBlob, isBlobAttached, type StoredBlob } from './media.repo.ts';
import { removeBlobs } from './media.service.ts';
import { readUploadForm, type StreamedFile } from './upload-form.ts';

/**
 * Console uploads (multipart/form-data): the form carries `csrf` (checked by the wire like any
 * POST), an optional `json` payload and one file under `file`, streamed into the media store as
 * it arrives (upload-form.ts). Use it in a console routes plugin:
 *
 *   const r = adminRoutes(app);
 *   await acceptUploads(app, 'catalog.write');
 *   r.handle(apiRoutes.adminMediaImage, async ({ request, … }) => {
 *     const file = uploadedFile(request, IMAGE_UPLOAD);
 *     …
 *   });
 *
 * The plugin is registered inside the caller's plugin only, so no other route parses multipart.
 */

export { sniffContentType } from './sniff.ts';

/** Largest image an operator may upload (pack and card images): 5 MiB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest video (reveal videos, banner videos): 50 MiB. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;

export interface UploadKind {
  /** Content type → file extension, of the types this upload takes. */
  types: Readonly<Record<string, string>>;
  maxBytes: number;
}

/** Raster images: PNG, JPEG, WebP, GIF (no SVG: an uploaded SVG could carry script). */
export const IMAGE_UPLOAD: UploadKind = {
  types: { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp', 'image/gif': '.gif' },
  maxBytes: MAX_IMAGE_BYTES,
};

export const VIDEO_UPLOAD: UploadKind = {
  types: { 'video/mp4': '.mp4', 'video/webm': '.webm' },
  maxBytes: MAX_VIDEO_BYTES,
};

/** An accepted upload: its stored file, type by its bytes and extension. */
export interface UploadedFile {
  blob: StoredBlob;
  contentType: string;
  ext: string;
}

/**
 * Lets the routes of this plugin take multipart forms, for operators with `permission` only.
 * Files stream into the store up to the largest kind's limit (`maxBytes`); a larger one is cut
 * and refused under its field by `uploadedFile`, not with a framework error. A file no route
 * kept (refused type, bad payload or csrf) is removed from the store once the answer is sent.
 */
export async function acceptUploads(app: FastifyInstance, permission: AdminPermission, maxBytes = MAX_IMAGE_BYTES): Promise<void> {
  // The console guard (admin-route.ts) runs as a preHandler, after the body is read. For
  // multipart that means after the file is stored: refuse a caller without the right first, so
  // nobody can make the server store uploads without a finished operator login.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const operator = request.operator;
    if (!operator || operator.step !== 'done') throw AppError.field('operator', 'admin.login_required');
    if (!operatorMay(operator, permission)) throw AppError.field('operator', 'admin.forbidden');
    request.body = await readUploadForm(app, request);
  });
  app.addHook('onResponse', async (request) => {
    const blob = streamedFile(request)?.blob;
    if (blob && !(await isBlobAttached(app.ctx.db, blob.blobKey))) await removeBlobs(app.ctx.db, app.ctx.config, [blob]);
  });
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024 },
  });
}

function streamedFile(request: FastifyRequest, field = 'file'): StreamedFile | undefined {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'object' && value !== null && 'tooLarge' in value ? (value as StreamedFile) : undefined;
}

/** The uploaded file, checked: present, of one of `kind`'s types by its bytes, within its size. */
export function uploadedFile(request: FastifyRequest, kind: UploadKind, field = 'file'): UploadedFile {
  const file = streamedFile(request, field);
  if (file && (file.tooLarge || file.bytes > kind.maxBytes)) {
    throw AppError.field(field, 'media.too_large', { max: `${Math.round(kind.maxBytes / 1024 / 1024)} MB` });
  }
  if (!file || file.bytes === 0) throw AppError.field(field, 'media.file_required');
  const ext = file.contentType ? kind.types[file.contentType] : undefined;
  if (!file.blob || !file.contentType || !ext) throw AppError.field(field, 'media.type_refused', { types: Object.values(kind.types).join(' ') });
  return { blob: file.blob, contentType: file.contentType, ext };
}

/**
 * Stores an upload as media under a name that carries its content's hash (so its URL may be
 * cached for a year), with `audit` in the same transaction; answers its /media/… URL.
 */
export async function storeUpload(db: Db, config: Config, prefix: string, file: UploadedFile, audit: (tx: DbOrTx, url: string) => Promise<void>): Promise<string> {
  const id = `${prefix}-${file.blob.sha256.slice(0, 12)}${file.ext}`;
  const url = `/media/${id}`;
  const replaced = await db.transaction(async (tx) => {
    const before = await attachBlob(tx, id, file.contentType, file.blob);
    await audit(tx, url);
    return before;
  });
  // The same content uploaded again: the earlier copy goes.
  await removeBlobs(db, config, [replaced]);
  return url;
}
