import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/** Reveal videos per (rarity, movie_style) and the settings' media uploads in the console. */

const t = useConsoleShop('staff', 'support');
const { db } = t;

/** The first bytes of an MP4 (an ftyp box) and of a WebM (EBML), enough for the type check. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 2)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 3)]);

const upload = (client: TestClient, key: object, bytes: Buffer, name = 'reveal.mp4') =>
  client.upload('/admin/reveal-videos/upload', { bytes, name }, { fields: { json: JSON.stringify(key) } });
const shopMovies = async () => (await t.shop.client().get('/user/reveal_movies')).body.list as string[];

describe('console reveal videos', () => {
  it('refuses visitors and support, before reading the file', async () => {
    expect((await t.shop.client().get('/admin/reveal-videos')).body.state).toBe(STATE.loginRequired);
    expect((await t.support.get('/admin/reveal-videos')).body.state).toBe(STATE.forbidden);
    expect((await upload(t.support, { rarity: 7, movie_style: 0 }, MP4)).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/reveal-videos/remove', { rarity: 7, movie_style: 0, format: 'mp4' })).body.state).toBe(STATE.forbidden);
  });

  it('refuses a bad key, a non-video file and no file, under their fields', async () => {
    const key = await upload(t.staff, { rarity: 8, movie_style: 4 }, MP4);
    expect(Object.keys(key.body.errors).sort()).toEqual(['movie_style', 'rarity']);
    const png = await upload(t.staff, { rarity: 7, movie_style: 0 }, PNG, 'reveal.mp4');
    expect(png.body.state).toBe(STATE.validation);
    expect(png.body.errors.file).toHaveLength(1);
    const none = await t.staff.upload('/admin/reveal-videos/upload', null, { fields: { json: JSON.stringify({ rarity: 7, movie_style: 0 }) } });
    expect(none.body.errors.file).toHaveLength(1);
    expect(await shopMovies()).toEqual([]);
  });

  it('uploads, replaces (one format per key) and removes; the shop’s reveal list follows; audited', async () => {
    const put = await upload(t.staff, { rarity: 7, movie_style: 1 }, MP4);
    expect(put.body.video).toEqual({ rarity: 7, movie_style: 1, format: 'mp4', url: '/media/movie-r7-s1.mp4', bytes: MP4.length });
    expect(await shopMovies()).toEqual(['/media/movie-r7-s1.mp4']);
    const served = await t.shop.app.inject({ method: 'GET', url: '/media/movie-r7-s1.mp4' });
    expect(served.headers['content-type']).toContain('video/mp4');
    expect(Buffer.from(served.rawPayload).equals(MP4)).toBe(true);

    await upload(t.staff, { rarity: 7, movie_style: 1 }, WEBM, 'reveal.webm');
    expect(await shopMovies()).toEqual(['/media/movie-r7-s1.webm']);
    expect((await t.staff.get('/admin/reveal-videos')).body.videos).toEqual([{ rarity: 7, movie_style: 1, format: 'webm', url: '/media/movie-r7-s1.webm', bytes: WEBM.length }]);

    expect((await t.staff.post('/admin/reveal-videos/remove', { rarity: 7, movie_style: 1, format: 'webm' })).body.removed).toBe(true);
    expect((await t.staff.post('/admin/reveal-videos/remove', { rarity: 7, movie_style: 1, format: 'webm' })).body.removed).toBe(false);
    expect(await shopMovies()).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.target, 'reveal_video:r7-s1'));
    expect(audit.map((a) => a.action)).toEqual(['reveal_video.put', 'reveal_video.put', 'reveal_video.remove']);
    expect(audit[1]?.before).toEqual({ replaced: false, other_format_removed: true });
  });
});

describe('POST /api/admin/shop-media/upload', () => {
  it('stores a banner video or image and a card image; refuses a video for a card; audited', async () => {
    const video = await t.staff.upload('/admin/shop-media/upload', { bytes: MP4, name: 'b.mp4' }, { fields: { json: JSON.stringify({ use: 'banner' }) } });
    expect(video.body.url).toMatch(/^\/media\/banner-[0-9a-f]{12}\.mp4$/);
    const image = await t.staff.upload('/admin/shop-media/upload', { bytes: PNG, name: 'c.png' }, { fields: { json: JSON.stringify({ use: 'exchange' }) } });
    expect(image.body.url).toMatch(/^\/media\/exchange-[0-9a-f]{12}\.png$/);
    const refused = await t.staff.upload('/admin/shop-media/upload', { bytes: MP4, name: 'c.mp4' }, { fields: { json: JSON.stringify({ use: 'rank' }) } });
    expect(refused.body.errors.file).toHaveLength(1);
    expect((await t.staff.upload('/admin/shop-media/upload', { bytes: PNG, name: 'c.png' }, { fields: { json: JSON.stringify({ use: 'pack' }) } })).body.errors.use).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.target, String(image.body.url)))).toMatchObject([{ action: 'media.upload', after: { use: 'exchange', type: 'image/png' } }]);
  });
});
