import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { roleAllows, type AdminPermission } from '@oripa/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { saveMediaFile } from './media.service.ts';

/**
 * Console uploads (multipart/form-data): the form carries `csrf` (checked by the wire like any
 * POST), an optional `json` payload and one file under `file`. Use it in a console routes plugin:
 *
 *   const r = adminRoutes(app);
 *   await acceptUploads(app, 'catalog.write');
 *   r.post('/admin/…', 'catalog.write', { payload, response }, async ({ request, … }) => {
 *     const file = uploadedFile(request, IMAGE_UPLOAD);
 *     …
 *   });
 *
 * The plugin is registered inside the caller's plugin only, so no other route parses multipart.
 */

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

const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString('latin1') === text;

/**
 * The content type of a file by its first bytes (magic numbers), never by its name or the
 * browser's claim: a renamed script stays refused.
 */
export function sniffContentType(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 4, 'ftyp')) return 'video/mp4';
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  return undefined;
}

/** Requests whose file went past the size limit (busboy cut it): answered as a field error. */
const cutShort = new WeakSet<FastifyRequest>();

/**
 * Lets the routes of this plugin take multipart forms, for operators with `permission` only.
 * Files are read into memory up to the largest kind's limit (`maxBytes`); a larger one is cut
 * and refused under its field by `uploadedFile`, not with a framework error.
 */
export async function acceptUploads(app: FastifyInstance, permission: AdminPermission, maxBytes = MAX_IMAGE_BYTES): Promise<void> {
  // The console guard (admin-route.ts) runs as a preHandler, after the body is parsed. For
  // multipart that means after the file is read: refuse a caller without the right first, so
  // nobody can make the server buffer uploads without a finished operator login.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const operator = request.operator;
    if (!operator || operator.step !== 'done') throw AppError.field('operator', 'admin.login_required');
    if (!roleAllows(operator.role, permission)) throw AppError.field('operator', 'admin.forbidden');
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024 },
    async onFile(part) {
      // Buffers the part (keyValues puts it under its field); past the limit busboy cuts it.
      await part.toBuffer();
      if (part.file.truncated) cutShort.add(this);
    },
  });
}

/** The uploaded file, checked: present, of one of `kind`'s types by its bytes, within its size. */
export function uploadedFile(request: FastifyRequest, kind: UploadKind, field = 'file'): { bytes: Buffer; contentType: string; ext: string } {
  const bytes = (request.body as Record<string, unknown> | undefined)?.[field];
  if (cutShort.has(request) || (Buffer.isBuffer(bytes) && bytes.length > kind.maxBytes)) {
    throw AppError.field(field, 'media.too_large', { max: `${Math.round(kind.maxBytes / 1024 / 1024)} MB` });
  }
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw AppError.field(field, 'media.file_required');
  const contentType = sniffContentType(bytes);
  const ext = contentType ? kind.types[contentType] : undefined;
  if (!contentType || !ext) throw AppError.field(field, 'media.type_refused', { types: Object.values(kind.types).join(' ') });
  return { bytes, contentType, ext };
}

/** Stores an upload as media under a fresh id starting with `prefix`; answers its /media/… URL. */
export async function storeUpload(tx: DbOrTx, prefix: string, file: { bytes: Buffer; contentType: string; ext: string }): Promise<string> {
  const id = `${prefix}-${randomBytes(6).toString('hex')}${file.ext}`;
  await saveMediaFile(tx, id, file.contentType, file.bytes);
  return `/media/${id}`;
}
