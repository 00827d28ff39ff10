import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTypes, packPrizes, packs } from '../../db/schema/catalog.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { fund } from '../../testing/funds.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestExchangeCard } from '../exchange/exchange-testing.ts';

/**
 * English mode on the member's own lists (issue 15 item 6): the histories, the reveal, the card
 * choice, the exchange and its shipments name packs, cards, card types and exchange cards in
 * English where the operator wrote English, in Japanese where not, and in Japanese in Japanese mode.
 */

let shop: TestShop;
let named: number;
let plain: number;
let namedCard: number;
let plainCard: number;
let member: { userId: number; client: TestClient };
let namedPurchase: number;
let plainPurchase: number;

interface Named {
  name: string;
}

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  // Only top cards, so its draws are among the recent wins whatever the shop's threshold.
  named = await createTestPack(db, { price: 100, prizes: [{ rarity: 7, count: 50, buyPoint: 10 }] });
  plain = await createTestPack(db, { price: 100 });
  const [namedPack] = await db.update(packs).set({ nameEn: 'Dragon pack' }).where(eq(packs.id, named)).returning({ type: packs.cardTypeId });
  await db.update(packPrizes).set({ nameEn: 'Frost dragon' }).where(eq(packPrizes.packId, named));
  await db.update(cardTypes).set({ nameEn: 'Test cards' }).where(eq(cardTypes.id, namedPack!.type));
  namedCard = await createTestExchangeCard(db, { name: '氷の竜', name_en: 'Ice dragon', card_name: 'ドラゴンTCG', card_name_en: 'Dragon TCG', sub_coin: '10.00' });
  plainCard = await createTestExchangeCard(db, { name: '炎の竜', card_name: 'ドラゴンTCG', sub_coin: '10.00' });

  member = await fundedMember(shop, 1000);
  await fund(db, member.userId, { coins: '100.00' });
  namedPurchase = (await buyPacks(member.client, named, 2)).body.pack_history_id as number;
  plainPurchase = (await buyPacks(member.client, plain, 1)).body.pack_history_id as number;
  // Converting the cards writes the 'conversion' point rows; exchanging writes the coin rows and shipments.
  for (const purchase of [namedPurchase, plainPurchase]) {
    const cards = (await member.client.get(`/user/pack/buy_result?pack_history_id=${purchase}`)).body.cards as { history_id: number }[];
    const decided = await member.client.post('/user/pack/decision', { send_card: [], reduction_card: cards.map((c) => c.history_id) });
    expect(decided.body.state).toBe(200);
  }
  for (const card of [namedCard, plainCard]) {
    expect((await member.client.post('/user/exchange_card/check', { card_id: card, change_num: 1 })).body.state).toBe(200);
    expect((await member.client.post('/user/exchange_card/exchange', { card_id: card, change_num: 1 })).body.state).toBe(200);
  }
});

afterAll(async () => {
  await shop?.close();
});

/** What a member's screens show in `lang`, by the call each screen makes. */
async function screens(lang: 'ja' | 'en') {
  const client = member.client;
  client.setLang(lang);
  const history = (await client.post('/user/history/list/1', { mode: '0' })).body.list as { id: number; pack_name: string }[];
  const detail = (await client.get(`/user/history/detail/${namedPurchase}`)).body as unknown as { history: { pack_name: string }; cards: Named[] };
  const plainDetail = (await client.get(`/user/history/detail/${plainPurchase}`)).body as unknown as { history: { pack_name: string }; cards: Named[] };
  const reveal = (await client.get(`/user/pack/gache_result?pack_history_id=${namedPurchase}`)).body as unknown as { title: string; cards: Named[] };
  const plainReveal = (await client.get(`/user/pack/gache_result?pack_history_id=${plainPurchase}`)).body as unknown as { title: string; cards: Named[] };
  const points = (await client.get('/user/point/list/1')).body.list as { reason: string; memo: string; history_id: number | null }[];
  const coins = (await client.get('/user/coin/list/1')).body.list as { reason: string; memo: string; history_id: number | null }[];
  const exchange = (await client.post('/user/exchange_card/list/1', { searchText: '' })).body.list as { id: number; name: string; card_name: string }[];
  const shipments = (await client.get('/user/exchange/shipments')).body.list as { card_name: string }[];
  const types = (await client.get('/user/card_type')).body.list as { id: number; name: string }[];
  // The pack page's public side: the commitment's lineup, the draw log, recent wins, a shared win.
  const trust = (await client.get(`/user/pack/trust/${named}`)).body.commitment as { pack_name: string; lineup: Named[] };
  const draws = (await client.get(`/user/pack/draws/${named}/1`)).body.list as Named[];
  const wins = (await client.get(`/user/pack/wins/${named}`)).body.list as { pack_name: string; name: string }[];
  const shareCode = (reveal as unknown as { twitter_code: string }).twitter_code;
  const shared = (await client.get(`/user/share/${shareCode}`)).body.card as { pack_name: string; name: string };
  return { history, detail, plainDetail, reveal, plainReveal, points, coins, exchange, shipments, types, trust, draws, wins, shared };
}

describe('English names on the member’s lists', () => {
  it('shows the operator’s English names in English mode', async () => {
    const en = await screens('en');
    expect(en.history.find((h) => h.id === namedPurchase)?.pack_name).toBe('Dragon pack');
    expect(en.detail.history.pack_name).toBe('Dragon pack');
    expect(en.detail.cards.map((c) => c.name)).toEqual(['Frost dragon', 'Frost dragon']);
    expect(en.reveal.title).toBe('Dragon pack');
    expect(en.reveal.cards.map((c) => c.name)).toEqual(['Frost dragon', 'Frost dragon']);
    const pointMemos = en.points.map((r) => `${r.reason} ${r.memo}`);
    expect(pointMemos).toContain('pack Pack purchase: Dragon pack');
    expect(pointMemos).toContain('conversion Cards converted to points: Dragon pack');
    expect(en.coins.map((r) => r.memo)).toContain('Card exchange: Ice dragon');
    expect(en.exchange.find((c) => c.id === namedCard)).toMatchObject({ name: 'Ice dragon', card_name: 'Dragon TCG' });
    expect(en.shipments.map((s) => s.card_name)).toContain('Ice dragon');
    expect(en.types.map((t) => t.name)).toContain('Test cards');
    expect(en.trust.pack_name).toBe('Dragon pack');
    expect(new Set(en.trust.lineup.map((c) => c.name))).toEqual(new Set(['Frost dragon']));
    expect(en.draws.map((c) => c.name)).toEqual(['Frost dragon', 'Frost dragon']);
    expect(en.wins.length).toBeGreaterThan(0);
    expect(en.wins.every((w) => w.pack_name === 'Dragon pack' && w.name === 'Frost dragon')).toBe(true);
    expect(en.shared).toMatchObject({ pack_name: 'Dragon pack', name: 'Frost dragon' });
  });

  it('falls back to the Japanese names where no English was written', async () => {
    const en = await screens('en');
    expect(en.history.find((h) => h.id === plainPurchase)?.pack_name).toBe('テストパック');
    expect(en.plainDetail.history.pack_name).toBe('テストパック');
    expect(en.plainDetail.cards[0]?.name).toMatch(/^カード\d$/);
    expect(en.plainReveal.title).toBe('テストパック');
    const pointMemos = en.points.map((r) => `${r.reason} ${r.memo}`);
    expect(pointMemos).toContain('pack Pack purchase: テストパック');
    expect(pointMemos).toContain('conversion Cards converted to points: テストパック');
    expect(en.coins.map((r) => r.memo)).toContain('Card exchange: 炎の竜');
    expect(en.exchange.find((c) => c.id === plainCard)).toMatchObject({ name: '炎の竜', card_name: 'ドラゴンTCG' });
    expect(en.shipments.map((s) => s.card_name)).toContain('炎の竜');
    expect(en.types.map((t) => t.name)).toContain('テストカード');
  });

  it('keeps the Japanese names in Japanese mode', async () => {
    const ja = await screens('ja');
    expect(ja.detail.history.pack_name).toBe('テストパック');
    expect(ja.detail.cards.every((c) => /^カード\d$/.test(c.name))).toBe(true);
    expect(ja.reveal.title).toBe('テストパック');
    expect(ja.points.map((r) => r.memo)).not.toContain('Pack purchase: Dragon pack');
    expect(ja.coins.map((r) => r.memo)).toContain('カード交換 氷の竜');
    expect(ja.exchange.find((c) => c.id === namedCard)).toMatchObject({ name: '氷の竜', card_name: 'ドラゴンTCG' });
    expect(ja.shipments.map((s) => s.card_name)).toContain('氷の竜');
    expect(ja.types.map((t) => t.name)).not.toContain('Test cards');
    expect(ja.trust.lineup.every((c) => /^カード\d$/.test(c.name))).toBe(true);
    expect(ja.draws.every((c) => /^カード\d$/.test(c.name))).toBe(true);
    expect(ja.wins.every((w) => w.pack_name === 'テストパック')).toBe(true);
    expect(ja.shared).toMatchObject({ pack_name: 'テストパック' });
  });

  it('finds an exchange card by its English name', async () => {
    const found = (await member.client.post('/user/exchange_card/list/1', { searchText: 'ice drag' })).body.list as { id: number }[];
    expect(found.map((c) => c.id)).toEqual([namedCard]);
  });
});
