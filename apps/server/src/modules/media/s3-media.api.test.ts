import { randomBytes } from 'node:crypto';
import { STATE } from '@oripa/contract/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { operatorClient } from '../admin/admin-testing.ts';
import { getMedia } from './media.repo.ts';
import { PART_BYTES } from './s3-blob-store.ts';

/** MEDIA_STORE=s3: console uploads go to an S3-compatible store (a local stand-in here) and are served from it. */

let s3: S3StandIn;
let shop: TestShop;
let staff: TestClient;

/** Larger than one multipart part, so the upload goes as parts. */
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(PART_BYTES + 300_000)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

beforeAll(async () => {
  s3 = await startS3StandIn();
  shop = await openTestShop({
    MEDIA_STORE: 's3',
    MEDIA_S3_BUCKET: s3.bucket,
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_FORCE_PATH_STYLE: '1',
    MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  staff = await operatorClient(shop, 'staff');
});

afterAll(async () => {
  await shop?.close();
  await s3?.close();
});

const uploadVideo = (bytes: Buffer, csrf?: string) =>
  staff.upload('/admin/reveal-videos/upload', { bytes, name: 'r.mp4' }, { fields: { json: JSON.stringify({ rarity: 7, movie_style: 2 }) }, ...(csrf ? { csrf } : {}) });

describe('media in an S3-compatible store', () => {
  it('uploads a video in parts and serves it, whole and by range, from the store', async () => {
    const put = await uploadVideo(VIDEO);
    expect(put.body.state, JSON.stringify(put.body.errors)).toBe(STATE.ok);
    const row = await getMedia(shop.database.db, 'movie-r7-s2.mp4');
    expect(row?.blob).toMatchObject({ storage: 's3', byteSize: VIDEO.length });
    expect(s3.objects.get(`media/${row?.blob?.blobKey}`)?.equals(VIDEO)).toBe(true);
    expect(s3.requests.filter((r) => r.query.includes('partNumber='))).toHaveLength(2);

    const whole = await shop.app.inject({ method: 'GET', url: '/media/movie-r7-s2.mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    const part = await shop.app.inject({ method: 'GET', url: '/media/movie-r7-s2.mp4', headers: { range: 'bytes=8388600-8388700' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8388600-8388700/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(8_388_600, 8_388_701))).toBe(true);
    // The store was asked for that range only, not for the whole object.
    expect(s3.requests.some((r) => r.method === 'GET' && r.range === 'bytes=8388600-8388700')).toBe(true);
  });

  it('removes the replaced object once the new one is committed, and a refused upload’s object', async () => {
    const before = (await getMedia(shop.database.db, 'movie-r7-s2.mp4'))?.blob?.blobKey;
    const small = Buffer.concat([VIDEO.subarray(0, 12), randomBytes(1000)]);
    expect((await uploadVideo(small)).body.state).toBe(STATE.ok);
    expect(s3.objects.has(`media/${before}`)).toBe(false);
    const forged = await uploadVideo(small, 'x.y.z');
    expect(forged.body.state).toBe(STATE.csrf);
    await expect.poll(() => s3.objects.size, { timeout: 10_000 }).toBe(1);
  });

  it('stores a console image under a name carrying its hash, with one PutObject', async () => {
    const res = await staff.upload('/admin/media/image', { bytes: PNG, name: 'a.png' });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const served = await shop.app.inject({ method: 'GET', url: res.body.url as string });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
