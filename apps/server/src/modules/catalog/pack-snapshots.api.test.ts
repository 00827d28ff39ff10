import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs } from '../../db/schema/catalog.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { CLI_ACTOR } from '../audit/audit.service.ts';
import { changeSale } from './catalog-admin.service.ts';
import { packSnapshots } from './pack-snapshots.ts';

// The pack page's answer from this instance's snapshots (pack-snapshots.ts): what changes a
// pack must show on the next request, and what must never be served from memory.

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

type PackJson = { id: number; name: string; pack_count: number; detail: string };

async function detail(client = shop.client(), packId: number) {
  const body = (await client.get(`/user/pack/detail/${packId}`)).body;
  return { state: body.state, pack: body.pack as PackJson | undefined };
}

const snapshots = () => packSnapshots(shop.database.db);

describe('pack detail from snapshots', () => {
  it('answers watchers from memory and shows a purchase to the next request', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10, prizes: [{ rarity: 1, count: 40, buyPoint: 3 }] });
    const watcher = shop.client();
    expect((await detail(watcher, packId)).pack?.pack_count).toBe(40);
    const before = { ...snapshots().counts };
    for (let i = 0; i < 3; i += 1) expect((await detail(watcher, packId)).pack?.pack_count).toBe(40);
    // Served from memory (a read again only if the snapshot's lifetime passed on a slow machine).
    const hits = snapshots().counts.hits - before.hits;
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(snapshots().counts.reads - before.reads).toBe(3 - hits);

    const { client } = await fundedMember(shop, 1000);
    await client.get(`/user/pack/detail/${packId}`);
    await buyPacks(client, packId, 3);
    // The buyer has its answer: no one asking now is shown the stock before the purchase.
    expect((await detail(watcher, packId)).pack?.pack_count).toBe(37);
    await buyPacks(client, packId, 2);
    expect((await detail(watcher, packId)).pack?.pack_count).toBe(35);
  });

  it('stops showing a pack the operator hides or stops, and shows it again when published', async () => {
    const packId = await createTestPack(shop.database.db);
    const visitor = shop.client();
    await detail(visitor, packId);
    await detail(visitor, packId);

    await changeSale(shop.database.db, { id: packId, action: 'hide' }, CLI_ACTOR);
    expect((await detail(visitor, packId)).state).toBe(404);
    await changeSale(shop.database.db, { id: packId, action: 'publish' }, CLI_ACTOR);
    expect((await detail(visitor, packId)).state).toBe(200);
    await detail(visitor, packId);
    await changeSale(shop.database.db, { id: packId, action: 'stop' }, CLI_ACTOR);
    expect((await detail(visitor, packId)).state).toBe(404);
  });

  it('does not remember a pack it did not find: published later, it shows at once', async () => {
    const packId = await createTestPack(shop.database.db);
    await shop.database.db.update(packs).set({ published: false }).where(eq(packs.id, packId));
    expect((await detail(shop.client(), packId)).state).toBe(404);
    expect((await detail(shop.client(), packId)).state).toBe(404);
    // Published behind the shop's back (no change announced): still shown on the next request.
    await shop.database.db.update(packs).set({ published: true }).where(eq(packs.id, packId));
    expect((await detail(shop.client(), packId)).state).toBe(200);
  });

  it('stops showing a pack whose end of sale passes while it is in memory', async () => {
    const packId = await createTestPack(shop.database.db);
    const endAt = new Date(Date.now() + 1000);
    await shop.database.db.update(packs).set({ endAt }).where(eq(packs.id, packId));
    expect((await detail(shop.client(), packId)).state).toBe(200);
    await new Promise((r) => setTimeout(r, endAt.getTime() - Date.now() + 20));
    expect((await detail(shop.client(), packId)).state).toBe(404);
  });

  it('answers each language from the one snapshot', async () => {
    const packId = await createTestPack(shop.database.db);
    await shop.database.db
      .update(packs)
      .set({ name: '夏のパック', nameEn: 'Summer pack', detailHtml: '<p>説明</p>', detailHtmlEn: '<p>About</p>' })
      .where(eq(packs.id, packId));
    const ja = shop.client();
    const en = shop.client();
    en.setLang('en');
    expect((await detail(ja, packId)).pack).toMatchObject({ name: '夏のパック', detail: '<p>説明</p>' });
    const hits = snapshots().counts.hits;
    expect((await detail(en, packId)).pack).toMatchObject({ name: 'Summer pack', detail: '<p>About</p>' });
    expect((await detail(ja, packId)).pack).toMatchObject({ name: '夏のパック' });
    expect(snapshots().counts.hits).toBeGreaterThan(hits);
  });
});
