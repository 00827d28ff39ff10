import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';

let shop: TestShop;
let named: number;
let plain: number;

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  named = await createTestPack(db);
  plain = await createTestPack(db);
  // English texts the operator filled in; a committed lot still takes them (they are not part of the commitment).
  await db.update(packs).set({ nameEn: 'Test pack', detailHtmlEn: '<p>English description</p>', detailHtml: '<p>日本語の説明</p>' }).where(eq(packs.id, named));
  await db.update(packPrizes).set({ nameEn: 'Top prize' }).where(eq(packPrizes.packId, named));
});

afterAll(async () => {
  await shop?.close();
});

describe('English names of packs and lineup cards', () => {
  it('shows the English name, description and card names in English mode, the Japanese ones otherwise', async () => {
    const client = shop.client();
    expect((await client.get(`/user/pack/detail/${named}`)).body.pack).toMatchObject({ name: 'テストパック', detail: '<p>日本語の説明</p>' });
    client.setLang('en');
    expect((await client.get(`/user/pack/detail/${named}`)).body.pack).toMatchObject({ name: 'Test pack', detail: '<p>English description</p>' });
    const cards = (await client.get(`/user/pack/card_list/${named}/1`)).body.list as { name: string }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.name === 'Top prize')).toBe(true);
    const list = (await client.get('/user/pack/list')).body.list as { id: number; name: string }[];
    expect(list.find((p) => p.id === named)?.name).toBe('Test pack');
    const page = (await client.get('/user/pack/all_list/0/1')).body.list as { id: number; name: string }[];
    expect(page.find((p) => p.id === named)?.name).toBe('Test pack');
  });

  it('falls back to the Japanese texts where the operator wrote no English', async () => {
    const client = shop.client();
    client.setLang('en');
    expect(((await client.get(`/user/pack/detail/${plain}`)).body.pack as { name: string }).name).toBe('テストパック');
    const list = (await client.get('/user/pack/list')).body.list as { id: number; name: string }[];
    expect(list.find((p) => p.id === plain)?.name).toBe('テストパック');
  });
});
