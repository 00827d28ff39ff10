import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaChunks } from '../../db/schema/settings.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/**
 * Hostile multipart bodies on every console upload route: each is the client's fault, so each is
 * answered 400 with a message in the operator's language, never 500, and nothing is stored.
 */

const t = useConsoleShop('staff');

const ROUTES: { path: string; json?: string }[] = [
  { path: '/admin/media/image' },
  { path: '/admin/reveal-videos/upload', json: JSON.stringify({ rarity: 7, movie_style: 0 }) },
  { path: '/admin/shop-media/upload', json: JSON.stringify({ use: 'banner' }) },
];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 3)]);

/** A well-formed form (csrf, json, file) under `boundary`, for the cases to break. */
function form(client: TestClient, boundary: string, json?: string): Buffer {
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(field('csrf', client.csrf) + (json ? field('json', json) : '')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const CASES: { name: string; send(client: TestClient, path: string, json?: string): ReturnType<TestClient['postRaw']> }[] = [
  { name: 'no boundary', send: (c, path, json) => c.postRaw(path, 'multipart/form-data', form(c, 'b0', json)) },
  { name: 'an empty boundary', send: (c, path, json) => c.postRaw(path, 'multipart/form-data; boundary=', form(c, 'b0', json)) },
  {
    name: 'a truncated body',
    send: (c, path, json) => c.postRaw(path, 'multipart/form-data; boundary=b1', form(c, 'b1', json).subarray(0, 600)),
  },
  {
    name: 'a 2,000-character boundary',
    send: (c, path, json) => c.postRaw(path, `multipart/form-data; boundary=${'x'.repeat(2000)}`, form(c, 'x'.repeat(2000), json)),
  },
  { name: 'a boundary the body does not use', send: (c, path, json) => c.postRaw(path, 'multipart/form-data; boundary=other', form(c, 'b2', json)) },
  { name: 'a wrong content type', send: (c, path, json) => c.postRaw(path, 'application/octet-stream', form(c, 'b3', json)) },
  { name: 'multipart/mixed', send: (c, path, json) => c.postRaw(path, 'multipart/mixed; boundary=b4', form(c, 'b4', json)) },
];

describe('malformed console uploads', () => {
  for (const route of ROUTES) {
    for (const c of CASES) {
      it(`POST /api${route.path} answers ${c.name} with 400 and a message`, async () => {
        await t.staff.get('/admin/me');
        const res = await c.send(t.staff, route.path, route.json);
        expect(res.status).toBeLessThan(500);
        expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.validation);
        const messages = Object.values(res.body.errors).flat();
        expect(messages.length).toBeGreaterThan(0);
        expect(messages.join(' ')).toMatch(/[ぁ-んァ-ヶ]/);
      });
    }
  }

  it('answers in English for an English-speaking operator', async () => {
    t.staff.setLang('en');
    try {
      await t.staff.get('/admin/me');
      const res = await t.staff.postRaw('/admin/media/image', 'multipart/form-data; boundary=b5', form(t.staff, 'b5').subarray(0, 500));
      expect(res.body.state).toBe(STATE.validation);
      expect(Object.values(res.body.errors).flat().join(' ')).toMatch(/^[\x20-\x7e]+$/);
    } finally {
      t.staff.setLang('ja');
    }
  });

  it('leaves nothing in the store of a form it refused, also after the file was streamed', async () => {
    await t.staff.get('/admin/me');
    const forged = await t.staff.upload('/admin/media/image', { bytes: PNG, name: 'a.png' }, { csrf: 'x.y.z' });
    expect(forged.body.state).toBe(STATE.csrf);
    const cut = await t.staff.postRaw('/admin/media/image', 'multipart/form-data; boundary=b6', form(t.staff, 'b6').subarray(0, 2000));
    expect(cut.body.state).toBe(STATE.validation);
    // The refused file is removed once the answer has been sent (onResponse).
    const orphans = () => t.db().select({ key: mediaChunks.blobKey }).from(mediaChunks).where(sql`${mediaChunks.blobKey} not in (select blob_key from media where blob_key is not null)`);
    await expect.poll(orphans, { timeout: 10_000 }).toEqual([]);
  });
});
