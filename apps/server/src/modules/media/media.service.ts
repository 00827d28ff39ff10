import type { DbOrTx } from '../../db/client.ts';
import { putMedia } from './media.repo.ts';

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
