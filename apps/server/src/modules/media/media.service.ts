import type { DbOrTx } from '../../db/client.ts';
import { getMedia, putMedia } from './media.repo.ts';

/**
 * Stores a file's bytes as media: SVG as text, everything else as base64 (the media route
 * decodes it), replacing what was there.
 */
export async function saveMediaFile(db: DbOrTx, id: string, contentType: string, data: Buffer): Promise<void> {
  await putMedia(db, id, contentType, contentType === 'image/svg+xml' ? data.toString('utf8') : data.toString('base64'));
}

/** Stores a media body under its id for other modules (pack and exchange files), replacing what was there. */
export async function saveMedia(db: DbOrTx, id: string, contentType: string, body: string): Promise<void> {
  await putMedia(db, id, contentType, body);
}

/** The bytes a /media/<id> URL serves (SVG stored as text, the rest as base64); undefined when absent. */
export async function mediaBytes(db: DbOrTx, url: string): Promise<Buffer | undefined> {
  const id = url.startsWith('/media/') ? url.slice('/media/'.length) : undefined;
  const row = id === undefined ? undefined : await getMedia(db, id);
  if (!row) return undefined;
  // As the media route serves it: SVG and text as stored, the rest decoded from base64.
  const isText = row.contentType.startsWith('image/svg+xml') || row.contentType.startsWith('text/');
  return isText ? Buffer.from(row.body, 'utf8') : Buffer.from(row.body, 'base64');
}
