import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs } from '../../db/schema/catalog.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { seedDemo } from '../../db/seed/seed-demo.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { createPack, packSpecSchema } from './pack-admin.service.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { createTestPack } from '../../testing/test-pack.ts';

let shop: TestShop;
type PackJson = { id: number; payment_method: string; is_before: boolean; pack_count: number; card_type: number; show_cardlist: string };

beforeAll(async () => {
  shop = await openTestShop();
  await seedDemo(shop.database.db, shop.app.ctx.fairness);
});

afterAll(async () => {
  await shop?.close();
});

const packList = async () => (await shop.client().get('/user/pack/list')).body.list as PackJson[];

describe('GET /api/user/card_type', () => {
  it('lists the card types of the demo catalogue', async () => {
    const res = await shop.client().get('/user/card_type');
    expect(res.body.state).toBe(200);
    const list = res.body.list as { id: number; name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe('GET /api/user/pref_list', () => {
  it('lists all 47 prefectures in Japanese by default', async () => {
    const list = (await shop.client().get('/user/pref_list')).body.list as { id: number; name: string }[];
    expect(list).toHaveLength(47);
    expect(list[0]).toEqual({ id: 1, name: '北海道' });
    expect(list[46]).toEqual({ id: 47, name: '沖縄県' });
  });

  it('names them in English for an English-mode client', async () => {
    const client = shop.client();
    client.setLang('en');
    const list = (await client.get('/user/pref_list')).body.list as { id: number; name: string }[];
    expect(list[0]?.name).toBe('Hokkaido');
  });
});

describe('GET /api/user/banner', () => {
  it('answers the slider mode and banners served by the shop itself', async () => {
    const res = await shop.client().get('/user/banner');
    expect(res.body.mode).toBe(1);
    const list = res.body.list as { file_name: string; url: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const banner of list) expect(banner.file_name).toMatch(/^\/media\//);
  });
});

describe('GET /api/user/pack/list', () => {
  it('lists point and coin packs, an upcoming one and a sold-out one', async () => {
    const list = await packList();
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.some((p) => p.payment_method === '1')).toBe(true);
    expect(list.some((p) => p.payment_method === '2')).toBe(true);
    expect(list.some((p) => p.is_before)).toBe(true);
    expect(list.some((p) => p.pack_count === 0)).toBe(true);
  });

  it('filters by payment method on POST', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '2' });
    const list = res.body.list as PackJson[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((p) => p.payment_method === '2')).toBe(true);
  });

  it('hides packs past their end of sale and unpublished ones', async () => {
    const [first, second] = await packList();
    if (!first || !second) throw new Error('demo catalogue too small');
    const db = shop.database.db;
    await db.update(packs).set({ endAt: new Date(Date.now() - 60_000) }).where(eq(packs.id, first.id));
    await db.update(packs).set({ published: false }).where(eq(packs.id, second.id));
    try {
      const ids = (await packList()).map((p) => p.id);
      expect(ids).not.toContain(first.id);
      expect(ids).not.toContain(second.id);
      expect((await shop.client().get(`/user/pack/detail/${first.id}`)).body.state).toBe(404);
    } finally {
      await db.update(packs).set({ endAt: null }).where(eq(packs.id, first.id));
      await db.update(packs).set({ published: true }).where(eq(packs.id, second.id));
    }
  });
});

describe('GET /api/user/pack/all_list/{type}/{page}', () => {
  it('pages all packs with the page block', async () => {
    const res = await shop.client().get('/user/pack/all_list/0/1');
    expect(res.body.state).toBe(200);
    expect(res.body.page).toMatchObject({ page: 1, all_page: expect.any(Number), pages: expect.any(Array) });
    expect((res.body.list as PackJson[]).length).toBeLessThanOrEqual(12);
  });

  it('shows one card type only', async () => {
    const [type] = (await shop.client().get('/user/card_type')).body.list as { id: number }[];
    const res = await shop.client().get(`/user/pack/all_list/${type?.id}/1`);
    const list = res.body.list as PackJson[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.card_type === type?.id)).toBe(true);
  });

  it('answers 404 for an unknown card type and 400 for a bad page', async () => {
    expect((await shop.client().get('/user/pack/all_list/999999/1')).body.state).toBe(404);
    const bad = await shop.client().get('/user/pack/all_list/0/0');
    expect(bad.body.state).toBe(400);
    expect(bad.body.errors.page).toHaveLength(1);
    expect((await shop.client().get('/user/pack/all_list/abc/1')).body.state).toBe(400);
  });
});

describe('GET /api/user/pack/card_list/{packId}/{page}', () => {
  it('pages the lineup with display rarity tiers 0-3', async () => {
    const pack = (await packList()).find((p) => p.show_cardlist === '1');
    const res = await shop.client().get(`/user/pack/card_list/${pack?.id}/1`);
    const list = res.body.list as { image_url: string; name: string; model_number: string; rarity: number }[];
    expect(list.length).toBeGreaterThan(0);
    for (const card of list) {
      expect(card.rarity).toBeGreaterThanOrEqual(0);
      expect(card.rarity).toBeLessThanOrEqual(3);
      expect(card.image_url).toMatch(/^\/media\//);
    }
    expect(res.body.page).toMatchObject({ page: 1 });
  });

  it('lists only the lot prizes: last-one and milestone prizes are not lineup cards', async () => {
    const spec = packSpecSchema.parse({
      name: '特典付きパック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [
        { name: 'トップ', rarity: 7, count: 1, buy_point: 5000 },
        { name: 'ノーマル', rarity: 1, count: 9, buy_point: 30 },
      ],
      last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
      milestones: [{ name: '節目賞', rarity: 5, buy_point: 1000, at: 5 }],
    });
    const { id } = await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd());
    const res = await shop.client().get(`/user/pack/card_list/${id}/1`);
    expect((res.body.list as { name: string }[]).map((c) => c.name)).toEqual(['トップ', 'ノーマル']);
    expect(res.body.page).toMatchObject({ page: 1, all_page: 1 });
  });

  it('gives each pack tile its best lot prize: rarest, then most valuable; none when the lineup is hidden (issue 25)', async () => {
    const spec = packSpecSchema.parse({
      name: '最高賞パック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [
        { name: 'ノーマル', rarity: 1, count: 8, buy_point: 30 },
        { name: '安いUR', rarity: 7, count: 1, buy_point: 900 },
        { name: '高いUR', name_en: 'Costly UR', rarity: 7, count: 1, buy_point: 9000 },
      ],
      last_one: { name: 'ラストワン', rarity: 7, buy_point: 99999 },
    });
    const { id } = await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd());
    const mine = (list: PackJson[]) => list.find((p) => p.id === id) as PackJson & { top_prize?: unknown };
    expect(mine(await packList()).top_prize).toEqual({ name: '高いUR', image_url: expect.stringMatching(/^\/media\//), rarity_label: 'UR', buy_point: 9000 });
    const client = shop.client();
    client.setLang('en');
    const english = (await client.get('/user/pack/list')).body.list as PackJson[];
    expect((mine(english).top_prize as { name: string } | undefined)?.name).toBe('Costly UR');
    const hidden = (await packList()).find((p) => p.show_cardlist === '0') as PackJson & { top_prize?: unknown };
    expect(hidden.top_prize).toBeUndefined();
  });

  it('says what each card converts to, and nothing for a ship-only card (issue 25)', async () => {
    const spec = packSpecSchema.parse({
      name: '変換値パック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [
        { name: '発送のみ', rarity: 7, count: 1, buy_point: 0, action_type: '2' },
        { name: '変換できる', rarity: 1, count: 9, buy_point: 30 },
      ],
    });
    const { id } = await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd());
    const res = await shop.client().get(`/user/pack/card_list/${id}/1`);
    const list = res.body.list as { name: string; buy_point?: number }[];
    expect(list.map((c) => [c.name, c.buy_point])).toEqual([
      ['発送のみ', undefined],
      ['変換できる', 30],
    ]);
  });

  it('shows no lineup when the operator hides it', async () => {
    const hidden = (await packList()).find((p) => p.show_cardlist === '0');
    expect(hidden).toBeDefined();
    const res = await shop.client().get(`/user/pack/card_list/${hidden?.id}/1`);
    expect(res.body.list).toEqual([]);
  });
});

describe('GET /api/user/pack/detail/{packId}', () => {
  it('answers the pack with its sanitized description', async () => {
    const [first] = await packList();
    const res = await shop.client().get(`/user/pack/detail/${first?.id}`);
    const pack = res.body.pack as Record<string, unknown>;
    expect(pack).toMatchObject({ id: first?.id, detail: expect.any(String), image: expect.any(Array) });
    expect(String(pack.detail)).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('answers 404 under pack_id for an unknown pack', async () => {
    const res = await shop.client().get('/user/pack/detail/987654');
    expect(res.body.state).toBe(404);
    expect(res.body.errors.pack_id).toHaveLength(1);
  });

  it('says how many packs of a limited pack the requester may still buy (null without a limit)', async () => {
    const limited = await createTestPack(shop.database.db, { limitPerMember: 5 });
    const open = await createTestPack(shop.database.db);
    const visitor = await shop.client().get(`/user/pack/detail/${limited}`);
    expect(visitor.body.pack).toMatchObject({ can_limit: 1, member_remaining: 5 });
    expect((await shop.client().get(`/user/pack/detail/${open}`)).body.pack).toMatchObject({ member_remaining: null });

    const client = shop.client();
    const userId = await createTestMember(shop.database.db, { point: 10_000 });
    await signIn(shop.database.db, client, userId);
    const allowance = async () => ((await client.get(`/user/pack/detail/${limited}`)).body.pack as { member_remaining: number }).member_remaining;
    expect(await allowance()).toBe(5);
    expect((await client.post('/user/pack/check', { count: 3, pack_id: limited })).body.state).toBe(200);
    expect((await client.post('/user/pack/buy')).body.state).toBe(200);
    expect(await allowance()).toBe(2);
    // What the page offers is what the check accepts: 2 more, not 3.
    expect((await client.post('/user/pack/check', { count: 3, pack_id: limited })).body.state).not.toBe(200);
    expect((await client.post('/user/pack/check', { count: 2, pack_id: limited })).body.state).toBe(200);
  });

  it("remembers the pack in a member's session", async () => {
    const [first] = await packList();
    const client = shop.client();
    const userId = await createTestMember(shop.database.db);
    await signIn(shop.database.db, client, userId);
    await client.get(`/user/pack/detail/${first?.id}`);
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(row?.data.packId).toBe(first?.id);
  });
});
