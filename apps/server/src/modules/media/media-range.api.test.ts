import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { mediaChunks } from '../../db/schema/settings.ts';
import type { AppContext } from '../../http/context.ts';
import { getMedia } from './media.repo.ts';
import mediaRoutes from './media.routes.ts';
import { storeMediaStream } from './media.service.ts';

/** Files in the database's chunk store: byte ranges, validators, caching, and the base64 rows of before. */

let database: Database;
let app: FastifyInstance;
const config = testConfig();
/** Larger than two chunks, so ranges cross chunk rows. */
const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(500_000)]);
const sha = createHash('sha256').update(video).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  await storeMediaStream(database.db, config, 'movie-r7-s1.mp4', 'video/mp4', [video.subarray(0, 1000), video.subarray(1000)]);
  await storeMediaStream(database.db, config, `upload-${sha.slice(0, 12)}.mp4`, 'video/mp4', [video]);
  app = Fastify({ logger: false });
  app.decorate('ctx', { db: database.db, config } as unknown as AppContext);
  await app.register(mediaRoutes);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /media/:id of a stored file', () => {
  it('answers the whole file with its length, a SHA-256 ETag and Accept-Ranges', async () => {
    const res = await get('/media/movie-r7-s1.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video)).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': String(video.length), 'accept-ranges': 'bytes', etag: `"${sha}"` });
    // An operator may put another video under this name: a day, then revalidated.
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers ranges with 206 and Content-Range, across chunk rows', async () => {
    for (const [header, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=196600-196700', 196_600, 196_700],
      ['bytes=400000-', 400_000, video.length - 1],
      ['bytes=-100', video.length - 100, video.length - 1],
    ] as const) {
      const res = await get('/media/movie-r7-s1.mp4', { range: header });
      expect(res.statusCode, header).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(video.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await get('/media/movie-r7-s1.mp4', { range: `bytes=${video.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('answers 304 to If-None-Match, and the whole file when If-Range names an old version', async () => {
    expect((await get('/media/movie-r7-s1.mp4', { 'if-none-match': `"${sha}"` })).statusCode).toBe(304);
    const stale = await get('/media/movie-r7-s1.mp4', { range: 'bytes=0-1', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(video.length);
  });

  it('caches a name that carries its content hash for a year', async () => {
    const res = await get(`/media/upload-${sha.slice(0, 12)}.mp4`, { range: 'bytes=0-3' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/media/movie-r7-s1.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.body).toBe('');
  });

  it('keeps no more than one copy: a replaced file leaves the chunk store', async () => {
    const before = (await getMedia(database.db, 'movie-r7-s1.mp4'))?.blob;
    await storeMediaStream(database.db, config, 'movie-r7-s1.mp4', 'video/mp4', [video.subarray(0, 5000)]);
    const left = await database.db.select({ seq: mediaChunks.seq }).from(mediaChunks).where(eq(mediaChunks.blobKey, before?.blobKey ?? ''));
    expect(left).toEqual([]);
    expect((await get('/media/movie-r7-s1.mp4')).rawPayload.equals(video.subarray(0, 5000))).toBe(true);
  });
});

describe('migration 0023', () => {
  it('moves base64 media into chunks, byte for byte, and leaves text media alone', async () => {
    const legacy = randomBytes(700_000);
    await database.db.execute(sql`insert into media (id, content_type, body) values
      ('legacy-r7.mp4', 'video/mp4', ${legacy.toString('base64')}),
      ('legacy-empty.png', 'image/png', ''),
      ('legacy-art.svg', 'image/svg+xml', '<svg/>')`);
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0023_media_blobs.sql'), 'utf8');
    // The migration's data statements, run again over the rows stored the old way.
    for (const statement of file.split('--> statement-breakpoint').slice(-2)) await database.db.execute(sql.raw(statement));
    const moved = await getMedia(database.db, 'legacy-r7.mp4');
    expect(moved).toMatchObject({ body: '', blob: { storage: 'db', byteSize: legacy.length, sha256: createHash('sha256').update(legacy).digest('hex') } });
    const whole = await get('/media/legacy-r7.mp4');
    expect(whole.rawPayload.equals(legacy)).toBe(true);
    const tail = await get('/media/legacy-r7.mp4', { range: 'bytes=196607-196608' });
    expect(tail.rawPayload.equals(legacy.subarray(196_607, 196_609))).toBe(true);
    expect((await getMedia(database.db, 'legacy-empty.png'))?.blob?.byteSize).toBe(0);
    expect((await get('/media/legacy-empty.png')).statusCode).toBe(200);
    expect(await getMedia(database.db, 'legacy-art.svg')).toEqual({ id: 'legacy-art.svg', contentType: 'image/svg+xml', body: '<svg/>' });
  });
});
