import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_ID } from '../../modules/media/media.repo.ts';
import { saveMediaFile, storeMediaStream } from '../../modules/media/media.service.ts';
import { MAX_VIDEO_BYTES } from '../../modules/media/upload.ts';
import { contentTypeOf, MEDIA_TYPES } from '../../modules/media/media-types.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

/** Largest file media:put stores: the console's video limit. */
const MAX_BYTES = MAX_VIDEO_BYTES;

export const mediaPutCommand: OpsCommand = {
  name: 'media:put',
  summary: 'Store an image or video under /media/<id> (e.g. reveal videos movie-r<rarity 1-7>-s<style>.mp4 or .webm)',
  usage: 'media:put FILE [--id NAME]',
  async run({ database, config }, args) {
    const [file] = args.positional;
    if (!file) throw new OpsError('name the file to store');
    const full = path.resolve(file);
    if (!fs.existsSync(full)) throw new OpsError(`${file}: no such file`);
    const ext = path.extname(full).toLowerCase();
    const type = contentTypeOf(full);
    if (!type) throw new OpsError(`${file}: only ${Object.keys(MEDIA_TYPES).join(' ')} files`);
    const id = (flagValue(args, 'id') ?? path.basename(full)).toLowerCase();
    if (!MEDIA_ID.test(id) || path.extname(id) !== ext) {
      throw new OpsError(`--id must be lower-case letters, digits, . _ - and end in ${ext}, such as movie-r7-s1${ext}`);
    }
    const size = fs.statSync(full).size;
    if (size > MAX_BYTES) throw new OpsError(`${file} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
    // SVG is kept as text; other files stream from disk into the configured store (MEDIA_STORE).
    if (type === 'image/svg+xml') await saveMediaFile(database.db, id, type, fs.readFileSync(full));
    else await storeMediaStream(database.db, config, id, type, fs.createReadStream(full));
    return { message: `Stored /media/${id} (${type}, ${size} bytes).`, data: { url: `/media/${id}`, type, bytes: size } };
  },
};
