import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../../../testing/test-app.ts';

// Issue 10, defect 8: a sandbox page that fails answers an HTML page (status 500), never the
// shop's JSON envelope. The failure here is the database losing every table under the pages
// (not a closed connection: a background read still in flight would then fail inside the driver,
// outside any request, and the run would report that instead).

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
  await shop.app.inject({ method: 'GET', url: '/sandbox/pay/consent/sbx_abcdefghijklmnop' });
  await shop.database.db.execute(sql`drop schema public cascade`);
});

afterAll(async () => {
  await shop.app.close();
  await shop.database.drop().catch(() => undefined);
});

describe('sandbox pages when the database fails', () => {
  for (const [method, url] of [
    ['GET', '/sandbox/pay/consent/sbx_abcdefghijklmnop'],
    ['GET', '/sandbox/pay/combini/sbx_abcdefghijklmnop?lang=en'],
    ['POST', '/sandbox/pay/acs/sbx_abcdefghijklmnop'],
    ['GET', '/api/acs/secure?ref=sbx_abcdefghijklmnop'],
  ] as const) {
    it(`${method} ${url} answers an error page`, async () => {
      const res = await shop.app.inject({
        method,
        url,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' } : {}),
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toMatch(/エラーが発生しました|Something went wrong/);
      expect(res.body).not.toContain('"state"');
    });
  }
});
