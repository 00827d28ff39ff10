import { and, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../client.ts';
import {
  banners,
  cardTypes,
  exchangeCards,
  packPrizes,
  packs,
  pointCourses,
  prefectures,
  ranks,
} from '../schema/catalog.ts';
import { media } from '../schema/settings.ts';
import { testConfig } from '../../config.ts';
import { createFairness, type Fairness } from '../../modules/transparency/fairness.ts';
import { queryRows } from '../rows.ts';
import { bannerMode } from '../../modules/settings/settings.service.ts';
import { demoArtSources } from './art-files.ts';
import { ensureReferenceData } from './reference-data.ts';
import { seedDemo, type SeedDemoResult } from './seed-demo.ts';
import { verifyLot } from '@oripa/verifier';
import { purchases } from '../schema/gacha.ts';
import { pumpFor } from '../../modules/gacha/fairness-pump.ts';
import { mirrorDocument } from '../../modules/gacha/lot-mirror.service.ts';
import { recentWins } from '../../modules/gacha/lot-trust.service.ts';

/** Kana and kanji: an English text that has them shows Japanese to an English visitor. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;

/**
 * Draws every recorded purchase (the fairness pump, as a running shop does) until none waits and
 * the sold-out lot's reveal is covered by a signed head, so the mirror holds the whole story.
 */
async function drawEverything(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await pumpFor(db, fairness).kick(true);
    const [waiting] = await db.select({ n: count() }).from(purchases).where(sql`${purchases.drawnAt} is null`);
    const [revealed] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from transparency_entries e where e.type = 'reveal'
            and e.leaf_index < (select coalesce(max(tree_size), 0) from transparency_heads)`,
    );
    if (waiting!.n === 0 && revealed!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('the demo purchases were not all drawn');
}

let database: Database;
let db: Db;
let first: SeedDemoResult;
let fairness: Fairness;
const now = new Date();

async function tableCounts() {
  const one = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    cardTypes: await one(cardTypes),
    packs: await one(packs),
    prizes: await one(packPrizes),
    courses: await one(pointCourses),
    exchangeCards: await one(exchangeCards),
    banners: await one(banners),
    media: await one(media),
    prefectures: await one(prefectures),
    ranks: await one(ranks),
  };
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  db = database.db;
  await ensureReferenceData(db);
  fairness = await createFairness(testConfig());
  first = await seedDemo(db, fairness, now);
});

afterAll(async () => {
  await database?.close();
});

describe('ensureReferenceData', () => {
  it('stores the 47 prefectures in JIS order', async () => {
    const rows = await db.select().from(prefectures).orderBy(prefectures.id);
    expect(rows).toHaveLength(47);
    expect(rows[0]).toEqual({ id: 1, name: '北海道', nameEn: 'Hokkaido' });
    expect(rows[12]).toEqual({ id: 13, name: '東京都', nameEn: 'Tokyo' });
    expect(rows[46]).toEqual({ id: 47, name: '沖縄県', nameEn: 'Okinawa' });
  });

  it('stores the ranks with an icon each', async () => {
    const rows = await db.select().from(ranks).orderBy(ranks.sort);
    expect(rows.map((r) => r.code)).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
    expect(rows[0]).toMatchObject({
      name: 'ブロンズ',
      nameEn: 'Bronze',
      thresholdPrice: 0,
      maintainCoin: '0.00',
    });
    for (const rank of rows) {
      const [icon] = await db
        .select()
        .from(media)
        .where(eq(media.id, `rank-${rank.code}.svg`));
      expect(icon?.contentType).toBe('image/svg+xml');
      expect(icon?.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    }
  });

  it("can run again without changing anything, and keeps an operator's rank settings", async () => {
    await db.update(ranks).set({ maintainCoin: '42.50' }).where(eq(ranks.code, 'gold'));
    const before = await tableCounts();
    await ensureReferenceData(db);
    await ensureReferenceData(db);
    expect(await tableCounts()).toEqual(before);
    const [gold] = await db.select().from(ranks).where(eq(ranks.code, 'gold'));
    expect(gold?.maintainCoin).toBe('42.50');
  });
});

describe('seedDemo', () => {
  it('reports what it seeded, matching the tables', async () => {
    expect(first.seeded).toBe(true);
    const counts = await tableCounts();
    expect(counts).toMatchObject({
      cardTypes: first.cardTypes,
      packs: first.packs,
      prizes: first.prizes,
      courses: first.courses,
      exchangeCards: first.exchangeCards,
      banners: first.banners,
      prefectures: 47,
    });
    expect(first.cardTypes).toBeGreaterThanOrEqual(4);
    expect(first.packs).toBeGreaterThanOrEqual(10);
    expect(first.courses).toBeGreaterThanOrEqual(7);
    expect(first.exchangeCards).toBeGreaterThanOrEqual(10);
    expect(first.banners).toBe(3);
    expect(await bannerMode(db)).toBe(1);
  });

  it('covers the sale states: upcoming, sold out, coin packs, limits, hidden lineup', async () => {
    const rows = await db.select().from(packs);
    // Lots on sale start just after their commitment is signed; the upcoming one days later.
    const upcoming = rows.filter((p) => p.startAt.getTime() > now.getTime() + 3600 * 1000);
    expect(upcoming).toHaveLength(2);
    const startsInDays = upcoming.map((p) => (p.startAt.getTime() - now.getTime()) / (24 * 3600 * 1000)).sort();
    expect(startsInDays[0]).toBeGreaterThanOrEqual(3);
    expect(startsInDays[0]).toBeLessThanOrEqual(3 + 1 / 24);
    expect(startsInDays[1]).toBeGreaterThanOrEqual(7);
    expect(startsInDays[1]).toBeLessThanOrEqual(7 + 1 / 24);
    const soldOut = rows.filter((p) => p.drawnCount === p.totalPackCount);
    expect(soldOut).toHaveLength(1);
    // Sold through recorded purchases, each in the transparency log: no claimed sale without one.
    const [soldOutSales] = await queryRows<{ packs: number; logged: number }>(
      db,
      sql`select coalesce(sum(p.count), 0)::int as packs,
                 (select count(*)::int from transparency_entries e where e.type = 'purchase' and e.lot_id = ${soldOut[0]!.id}) as logged
          from purchases p where p.pack_id = ${soldOut[0]!.id}`,
    );
    expect(soldOutSales?.packs).toBe(soldOut[0]!.totalPackCount);
    expect(soldOutSales?.logged).toBeGreaterThan(1);
    // The sold-out lot and the last-one showcase, partly sold: every pack sold is a purchase.
    const sold = rows.filter((p) => p.drawnCount > 0);
    expect(sold).toHaveLength(2);
    expect(first.packsSold).toBe(sold.reduce((n, p) => n + p.drawnCount, 0));
    expect(rows.filter((p) => p.paymentMethod === '2').length).toBeGreaterThanOrEqual(2);
    expect(
      rows
        .filter((p) => p.paymentMethod === '2')
        .map((p) => p.price)
        .sort((a, b) => a - b),
    ).toEqual([10, 50]);
    expect(rows.some((p) => p.maxBuyCount === 10)).toBe(true);
    expect(rows.find((p) => p.limitPerMember === 3)?.limitMessage).toBe('お一人様3口までの購入となります。');
    expect(rows.filter((p) => !p.showCardlist)).toHaveLength(1);
    // Every committed lot's sale ends by its seed's reveal deadline (a lot with no end of its own at it).
    expect(rows.every((p) => p.endAt !== null && p.revealDeadline !== null && p.endAt <= p.revealDeadline)).toBe(true);
    expect(rows.some((p) => p.endAt?.getTime() === p.revealDeadline?.getTime())).toBe(true);
    expect(new Set(rows.map((p) => p.movieStyle)).size).toBeGreaterThanOrEqual(6);
    for (const p of rows) {
      expect(p.totalPackCount).toBeGreaterThanOrEqual(100);
      expect(p.totalPackCount).toBeLessThanOrEqual(3000);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      // oripa-draw-v2 lots, committed in the log, with no seed in plain text.
      expect(p.drawAlgorithm).toBe('oripa-draw-v2');
      expect(p.commitmentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(p.seedSecret).toBe('');
      expect(p.detailHtml).toContain('<h3>');
      expect(p.detailHtml).not.toMatch(/<script|javascript:|\son\w+=/i);
    }
    expect(new Set(rows.map((p) => p.seedHash)).size).toBe(rows.length);
  });

  it('gives every pack a lineup of 6-15 prizes whose counts make the lot exactly', async () => {
    const rows = await db.select().from(packs);
    for (const pack of rows) {
      const prizes = await db
        .select()
        .from(packPrizes)
        .where(and(eq(packPrizes.packId, pack.id), eq(packPrizes.kind, 'lot')));
      expect(prizes.length, pack.name).toBeGreaterThanOrEqual(6);
      expect(prizes.length, pack.name).toBeLessThanOrEqual(15);
      expect(
        prizes.reduce((sum, p) => sum + p.count, 0),
        pack.name,
      ).toBe(pack.totalPackCount);
      const coin = pack.paymentMethod === '2';
      for (const prize of prizes) {
        expect(prize.actionType).toBe(coin ? '2' : '0');
        expect(prize.num).toBe(1);
        expect(prize.modelNumber).toMatch(/^[A-Z]{3}-\d{3}\/\d{3}$/);
        expect(prize.rarity).toBeGreaterThanOrEqual(1);
        expect(prize.rarity).toBeLessThanOrEqual(7);
      }
      if (!coin) {
        const top = prizes.reduce((a, b) => (b.rarity > a.rarity ? b : a));
        const bottom = prizes.reduce((a, b) => (b.rarity < a.rarity ? b : a));
        expect(top.buyPoint).toBeGreaterThan(pack.price * 5);
        expect(bottom.buyPoint).toBeLessThan(pack.price);
      }
    }
  });

  it('keeps top rarities scarce', async () => {
    const [row] = await db
      .select({
        top: sql<number>`sum(case when ${packPrizes.rarity} = 7 then ${packPrizes.count} else 0 end)::int`,
        low: sql<number>`sum(case when ${packPrizes.rarity} <= 2 then ${packPrizes.count} else 0 end)::int`,
        all: sql<number>`sum(${packPrizes.count})::int`,
      })
      .from(packPrizes)
      .where(eq(packPrizes.kind, 'lot'));
    expect(row!.top / row!.all).toBeLessThan(0.01);
    expect(row!.low / row!.all).toBeGreaterThan(0.5);
  });

  it('prices point courses with 10% tax included', async () => {
    const rows = await db.select().from(pointCourses).orderBy(pointCourses.sort);
    expect(rows[0]).toMatchObject({ point: 1000, price: 1100 });
    expect(rows.at(-1)).toMatchObject({ point: 100000, price: 110000 });
    for (const r of rows) expect(r.price).toBe(Math.round(r.point * 1.1));
    expect(rows.map((r) => r.memo)).toContain('人気No.1');
  });

  it('stores exchange cards with decimal coin prices and some per-member limits', async () => {
    const rows = await db.select().from(exchangeCards);
    for (const r of rows) expect(r.subCoin).toMatch(/^\d+\.\d{2}$/);
    expect(rows.map((r) => r.subCoin)).toEqual(expect.arrayContaining(['120.00', '35.50']));
    expect(rows.filter((r) => r.limitPerMember > 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.stock === 0)).toBe(true);
    expect(rows.filter((r) => r.stock > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('names exchange cards by their own name under their game, so a tile says neither twice', async () => {
    const rows = await db.select().from(exchangeCards);
    const types = new Map((await db.select().from(cardTypes)).map((t) => [t.id, t.name]));
    for (const r of rows) {
      expect(r.cardName).toBe(types.get(r.cardTypeId));
      expect(r.name).not.toContain(r.cardName);
    }
  });

  it('links banners to existing packs', async () => {
    const rows = await db.select().from(banners).orderBy(banners.sort);
    const ids = new Set((await db.select({ id: packs.id }).from(packs)).map((p) => p.id));
    for (const [i, b] of rows.entries()) {
      expect(b.fileName).toBe(`/media/banner-${i + 1}.webp`);
      const m = /^\/pack-detail\?packId=(\d+)$/.exec(b.url);
      expect(m).not.toBeNull();
      expect(ids.has(Number(m![1]))).toBe(true);
    }
  });

  it('points every image at a stored /media row and nowhere else', async () => {
    const urls = [
      ...(await db.select({ images: packs.images }).from(packs)).flatMap((p) => p.images),
      ...(await db.select({ u: packPrizes.imageUrl }).from(packPrizes)).map((r) => r.u),
      ...(await db.select({ u: exchangeCards.image }).from(exchangeCards)).map((r) => r.u),
      ...(await db.select({ u: banners.fileName }).from(banners)).map((r) => r.u),
    ];
    const stored = new Set((await db.select({ id: media.id }).from(media)).map((m) => m.id));
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/[a-z0-9][a-z0-9._-]*$/);
      expect(stored.has(url.slice('/media/'.length)), url).toBe(true);
    }
    const bodies = await db.select({ body: media.body }).from(media);
    for (const { body } of bodies)
      expect(body.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|<script/i);
  });

  it('names every pack, prize, card game and exchange card in English too, with an English description', async () => {
    for (const type of await db.select().from(cardTypes)) expect(type.nameEn, type.name).toMatch(/^[^\u3040-\u30ff\u3400-\u9fff]+$/);
    for (const pack of await db.select().from(packs)) {
      expect(pack.nameEn, pack.name).not.toBe('');
      expect(pack.nameEn, pack.name).not.toMatch(JAPANESE);
      expect(pack.detailHtmlEn, pack.name).toContain('<h3>');
      expect(pack.detailHtmlEn, pack.name).not.toMatch(JAPANESE);
      expect(pack.detailHtmlEn).not.toMatch(/<script|javascript:|\son\w+=/i);
    }
    for (const prize of await db.select().from(packPrizes)) {
      expect(prize.nameEn, prize.name).not.toBe('');
      expect(prize.nameEn, prize.name).not.toMatch(JAPANESE);
    }
    for (const card of await db.select().from(exchangeCards)) {
      expect(card.nameEn, card.name).not.toMatch(JAPANESE);
      expect(card.cardNameEn, card.cardName).not.toMatch(JAPANESE);
      expect(card.nameEn).not.toBe('');
    }
    // The banners are one image for both languages: each is drawn with an English line.
    const bannerSources = demoArtSources().filter((art) => art.id.startsWith('banner-'));
    expect(bannerSources.length).toBeGreaterThan(0);
    for (const banner of bannerSources) expect(banner.svg).toMatch(/<text[^>]*>[A-Za-z][^<]*[A-Za-z]<\/text>/);
    const stored = await db.select().from(media).where(sql`${media.id} like 'banner-%'`);
    expect(stored.map((row) => row.id).sort()).toEqual(bannerSources.map((art) => art.id).sort());
    for (const row of stored) expect(row.contentType).toBe('image/webp');
  });

  it('has a lot on sale with a last-one prize and milestone prizes, some already won', async () => {
    const rows = await db.select().from(packs);
    const extras = await db.select().from(packPrizes).where(sql`${packPrizes.kind} <> 'lot'`);
    const showcase = rows.find(
      (p) => p.drawnCount > 0 && p.drawnCount < p.totalPackCount && extras.some((e) => e.packId === p.id && e.kind === 'last_one'),
    );
    expect(showcase).toBeDefined();
    const own = extras.filter((e) => e.packId === showcase!.id);
    expect(own.filter((e) => e.kind === 'milestone').length).toBeGreaterThanOrEqual(1);
    // Its page says so, in both languages.
    expect(showcase!.detailHtml).toContain('ラストワン賞');
    expect(showcase!.detailHtmlEn).toContain('Last-one and milestone prizes');
    // The sold-out lot's extra prizes were won by its purchases: its last pack's buyer got the last-one.
    await drawEverything();
    const won = await queryRows<{ pack_id: number; kind: string; n: number }>(
      db,
      sql`select p.pack_id, z.kind, count(*)::int as n from holdings h join purchases p on p.id = h.purchase_id
          join pack_prizes z on z.id = h.prize_id where z.kind <> 'lot' group by p.pack_id, z.kind`,
    );
    const soldOut = rows.find((p) => p.drawnCount === p.totalPackCount)!;
    expect(won).toEqual(
      expect.arrayContaining([
        { pack_id: soldOut.id, kind: 'last_one', n: 1 },
        { pack_id: soldOut.id, kind: 'milestone', n: 4 },
        { pack_id: showcase!.id, kind: 'milestone', n: 2 },
      ]),
    );
  });

  it('fills the recent-wins feed on a fresh shop, in English too', async () => {
    await drawEverything();
    const feed = await recentWins(db, fairness.tagKey, null, 'en');
    expect(feed.list.length).toBeGreaterThanOrEqual(10);
    expect(new Set(feed.list.map((w) => w.pack_id)).size).toBeGreaterThanOrEqual(2);
    expect(feed.list.some((w) => w.kind === 'milestone')).toBe(true);
    for (const win of feed.list) {
      expect(win.name).not.toMatch(JAPANESE);
      expect(win.pack_name).not.toMatch(JAPANESE);
    }
  });

  it('verifies every demo lot with the standalone verifier, as `npm run verify` does', async () => {
    await drawEverything();
    const rows = await db.select({ id: packs.id, name: packs.name }).from(packs).orderBy(packs.id);
    for (const pack of rows) {
      const report = verifyLot(await mirrorDocument(db, fairness, pack.id), pack.id);
      expect(report.failure, pack.name).toBeNull();
      expect(report.ok, pack.name).toBe(true);
    }
  });

  it('does nothing the second time', async () => {
    const before = await tableCounts();
    const again = await seedDemo(db, fairness);
    expect(again).toEqual({
      seeded: false,
      cardTypes: 0,
      packs: 0,
      prizes: 0,
      courses: 0,
      exchangeCards: 0,
      banners: 0,
      packsSold: 0,
    });
    expect(await tableCounts()).toEqual(before);
  });
});
