import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { isCommitmentRefusal } from '../catalog/lot.service.ts';
import { setWinsMinRarity } from '../settings/settings.service.ts';
import { createPack, packSpecSchema } from '../catalog/pack-admin.service.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

const member = async (points = 100_000): Promise<TestClient> => (await fundedMember(shop, points)).client;

type Trust = {
  commitment: {
    seed_hash: string;
    seed: string;
    reveal_reason: string;
    committed_at: string;
    drawn_count: number;
    lineup: { prize_id: number; count: number; rarity: number }[];
  };
  odds: {
    remaining_total: number;
    tiers: { tier: number; initial: number; remaining: number; chance: number }[];
    prizes: { prize_id: number; initial: number; remaining: number; chance: number }[];
    expected_point: number;
  };
};
const trust = async (packId: number) =>
  (await shop.client().get(`/user/pack/trust/${packId}`)).body as unknown as Trust & { state: number };

/** Cards won per prize of a lot, counted from the stored holdings. */
async function wonByPrize(packId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ prize_id: number; n: number }>(
    shop.database.db,
    sql`select h.prize_id, count(*)::int as n from holdings h join purchases p on p.id = h.purchase_id
        where p.pack_id = ${packId} group by h.prize_id`,
  );
  return new Map(rows.map((r) => [r.prize_id, r.n]));
}

describe("a lot's public commitment", () => {
  it('shows the lineup with counts, the seed hash and the commitment time before the sale, never the seed', async () => {
    const packId = await createTestPack(shop.database.db, { startAt: new Date(Date.now() + 86_400_000) });
    const body = await trust(packId);
    expect(body.state).toBe(200);
    const [row] = await shop.database.db.select().from(packs).where(eq(packs.id, packId));
    expect(body.commitment.seed_hash).toBe(row!.seedHash);
    expect(body.commitment.seed).toBe('');
    expect(body.commitment.reveal_reason).toBe('');
    expect(Date.parse(body.commitment.committed_at)).toBeLessThanOrEqual(Date.now());
    expect(body.commitment.lineup.map((p) => [p.rarity, p.count])).toEqual([
      [7, 1],
      [4, 9],
      [1, 90],
    ]);
    expect(JSON.stringify(body)).not.toContain(row!.seedSecret);
  });

  it('is refused any change of seed, size or lineup once committed; conversion terms may change', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db);
    const [prize] = await db.select().from(packPrizes).where(eq(packPrizes.packId, packId)).limit(1);
    const attempts = [
      db
        .update(packs)
        .set({ seedSecret: 'f'.repeat(64) })
        .where(eq(packs.id, packId)),
      db
        .update(packs)
        .set({ seedHash: '0'.repeat(64) })
        .where(eq(packs.id, packId)),
      db.update(packs).set({ totalPackCount: 99 }).where(eq(packs.id, packId)),
      db.update(packPrizes).set({ count: 2 }).where(eq(packPrizes.id, prize!.id)),
      db.update(packPrizes).set({ rarity: 1 }).where(eq(packPrizes.id, prize!.id)),
      db.update(packPrizes).set({ name: 'swapped' }).where(eq(packPrizes.id, prize!.id)),
      db
        .insert(packPrizes)
        .values({ packId, name: 'extra', imageUrl: '/x.svg', rarity: 7, buyPoint: 1, count: 1 }),
      db.delete(packPrizes).where(eq(packPrizes.id, prize!.id)),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isCommitmentRefusal(error)).toBe(true);
    }
    await db.update(packPrizes).set({ buyPoint: 4000 }).where(eq(packPrizes.id, prize!.id));
    const [after] = await db.select().from(packPrizes).where(eq(packPrizes.id, prize!.id));
    expect(after).toMatchObject({ count: prize!.count, rarity: prize!.rarity, buyPoint: 4000 });
  });
});

describe('live odds', () => {
  it("answer per tier and per prize what remains and the next draw's chance, fresh after every purchase", async () => {
    const packId = await createTestPack(shop.database.db);
    const before = await trust(packId);
    expect(before.odds.remaining_total).toBe(100);
    expect(before.odds.tiers).toEqual([
      { tier: 3, initial: 1, remaining: 1, chance: 0.01 },
      { tier: 1, initial: 9, remaining: 9, chance: 0.09 },
      { tier: 0, initial: 90, remaining: 90, chance: 0.9 },
    ]);
    expect(before.odds.expected_point).toBe((5000 + 9 * 300 + 90 * 30) / 100);
    const client = await member();
    for (const count of [7, 30]) {
      await buyPacks(client, packId, count);
      const after = await trust(packId);
      const won = await wonByPrize(packId);
      const left = after.odds.remaining_total;
      expect(after.commitment.drawn_count).toBe(100 - left);
      for (const p of after.odds.prizes) {
        expect(p.remaining).toBe(p.initial - (won.get(p.prize_id) ?? 0));
        expect(p.chance).toBeCloseTo(p.remaining / left, 6);
      }
    }
    expect((await trust(packId)).odds.remaining_total).toBe(63);
  });
});

describe('the draw log and the reveal', () => {
  it('lists every draw in order with the buyer\'s per-lot tag and the minute, and reveals a seed matching the hash once sold out', async () => {
    const packId = await createTestPack(shop.database.db, {
      prizes: [
        { rarity: 7, count: 2, buyPoint: 900 },
        { rarity: 2, count: 148, buyPoint: 10 },
      ],
    });
    const client = await member();
    await buyPacks(client, packId, 60);
    await buyPacks(client, packId, 90);
    const page1 = (await shop.client().get(`/user/pack/draws/${packId}/1`)).body as unknown as {
      list: { draw_number: number; member: string; prize_id: number; kind: string; created: string }[];
      page: { all_page: number };
    };
    expect(page1.page.all_page).toBe(2);
    expect(page1.list.map((d) => d.draw_number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // One buyer, one per-lot pseudonym; no name, no initial; times to the minute only.
    expect(new Set(page1.list.map((d) => d.member)).size).toBe(1);
    expect(page1.list.every((d) => /^[0-9a-f]{16}$/.test(d.member) && d.kind === 'lot')).toBe(true);
    expect(page1.list.every((d) => new Date(d.created).getTime() % 60_000 === 0)).toBe(true);
    expect(JSON.stringify(page1)).not.toMatch(/山/);
    expect(JSON.stringify(page1)).not.toMatch(/花子|example\.com|0900/);
    const page2 = (await shop.client().get(`/user/pack/draws/${packId}/2`)).body as unknown as {
      list: { draw_number: number }[];
    };
    expect(page2.list.map((d) => d.draw_number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 101));
    const revealed = await trust(packId);
    expect(revealed.commitment.reveal_reason).toBe('sold_out');
    expect(createHash('sha256').update(revealed.commitment.seed).digest('hex')).toBe(
      revealed.commitment.seed_hash,
    );
  });

  it('reveals the seed of a lot whose sale ended, still readable after the end', async () => {
    const packId = await createTestPack(shop.database.db, {
      startAt: new Date(Date.now() - 7_200_000),
      endAt: new Date(Date.now() - 60_000),
    });
    const body = await trust(packId);
    expect(body.commitment.reveal_reason).toBe('ended');
    expect(body.commitment.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await shop.client().get('/user/pack/trust/999999')).body.state).toBe(404);
  });
});

describe('recent wins and shared wins', () => {
  it("show wins at or above the operator's threshold under buyer tags; a result's random share code shows the card only", async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, {
      prizes: [
        { rarity: 6, count: 3, buyPoint: 900 },
        { rarity: 1, count: 3, buyPoint: 10 },
      ],
    });
    const client = await member();
    await buyPacks(client, packId, 6);
    type Wins = { min_rarity: number; list: { pack_id: number; rarity: number; member: string }[] };
    const perPack = (await shop.client().get(`/user/pack/wins/${packId}`)).body as unknown as Wins;
    expect(perPack.min_rarity).toBe(5);
    expect(perPack.list).toHaveLength(3);
    expect(perPack.list.every((w) => w.rarity === 6 && /^[0-9a-f]{16}$/.test(w.member) && w.pack_id === packId)).toBe(
      true,
    );
    const top = (await shop.client().get('/user/wins')).body as unknown as Wins;
    expect(top.list.filter((w) => w.pack_id === packId)).toHaveLength(3);
    await setWinsMinRarity(db, 1);
    expect(
      ((await shop.client().get(`/user/pack/wins/${packId}`)).body as unknown as Wins).list,
    ).toHaveLength(6);
    await setWinsMinRarity(db, 5);

    // The member's result names a random share code (not a card id) showing its best card (rarity 6 here).
    const result = (await client.get('/user/pack/gache_result')).body as unknown as { twitter_code: string };
    expect(result.twitter_code).toMatch(/^[0-9a-f]{32}$/);
    const shared = (await shop.client().get(`/user/share/${result.twitter_code}`)).body;
    expect(shared).toMatchObject({ state: 200, card: { pack_id: packId, rarity: 6 } });
    const cardId = (await queryRows<{ id: number }>(db, sql`select max(id)::int as id from holdings`))[0]?.id;
    expect((await shop.client().get(`/user/share/${cardId}`)).body.state).not.toBe(200);
    expect(JSON.stringify(shared)).not.toMatch(/山田|花子|member|user/);
  });
});

describe('extra prizes on the result', () => {
  it('marks the last-one and milestone cards of a purchase with their kind; lot cards stay plain', async () => {
    const spec = packSpecSchema.parse({
      name: '特典付きパック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [{ name: 'ノーマル', rarity: 1, count: 3, buy_point: 30 }],
      last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
      milestones: [{ name: '節目賞', rarity: 5, buy_point: 1000, at: 2, every: 1 }],
    });
    const { id: packId } = await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd());
    const client = await member();
    await buyPacks(client, packId, 3);
    for (const path of ['/user/pack/gache_result', '/user/pack/buy_result']) {
      const cards = (await client.get(path)).body.cards as { name: string; kind?: string; milestone_number?: number }[];
      expect(cards.map((c) => [c.name, c.kind ?? 'lot', c.milestone_number])).toEqual([
        ['ノーマル', 'lot', undefined],
        ['ノーマル', 'lot', undefined],
        ['ノーマル', 'lot', undefined],
        ['節目賞', 'milestone', 2],
        ['ラストワン', 'last_one', undefined],
        ['節目賞', 'milestone', 3],
      ]);
    }
  });
});
