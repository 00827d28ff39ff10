import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { cardStock } from './exchange-testing.ts';

/** Exchange cards in the console (issue 12 item 2): create, edit, stock by relative adjustment. */

const t = useConsoleShop('staff', 'support');
const { db } = t;

const card = { name: 'コンソールのカード', card_name: '', model_number: 'CON-001', rarity: 5, sub_coin: '120.50', stock: 2, limit_per_member: 1, image: '', sort: 3, published: true };

async function create(values: Partial<typeof card> = {}) {
  const res = await t.staff.post('/admin/exchange-cards/create', { ...card, ...values });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.card as { id: number; image: string; stock: number };
}

async function member(coins: string): Promise<TestClient> {
  const userId = await createTestMember(db());
  await fund(db(), userId, { coins });
  const client = t.shop.client();
  await signIn(db(), client, userId);
  await client.get('/user/point');
  return client;
}

async function exchange(client: TestClient, cardId: number) {
  const check = await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
  if (check.body.result !== '1') return check;
  return client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 });
}

describe('console exchange cards', () => {
  it('refuses visitors, members and support', async () => {
    expect((await t.shop.client().get('/admin/exchange-cards')).body.state).toBe(STATE.loginRequired);
    const m = await member('1');
    expect((await m.get('/admin/exchange-cards')).body.state).toBe(STATE.loginRequired);
    expect((await t.support.get('/admin/exchange-cards')).body.state).toBe(STATE.forbidden);
    for (const path of ['create', 'update', 'stock']) {
      expect((await t.support.post(`/admin/exchange-cards/${path}`, { ...card, card_id: 1, change: 1 })).body.state).toBe(STATE.forbidden);
    }
  });

  it('refuses bad input under each field', async () => {
    const bad = await t.staff.post('/admin/exchange-cards/create', { name: '', rarity: 8, sub_coin: '0', stock: -1, limit_per_member: 'all', image: '/etc/passwd', published: 'no' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['image', 'limit_per_member', 'name', 'published', 'rarity', 'stock', 'sub_coin']);
    expect((await t.staff.post('/admin/exchange-cards/create', { ...card, sub_coin: '1.005' })).body.errors.sub_coin).toHaveLength(1);
    for (const change of [0, 1.5, '3', 2_000_000]) {
      expect((await t.staff.post('/admin/exchange-cards/stock', { card_id: 1, change })).body.errors.change, String(change)).toHaveLength(1);
    }
    expect((await t.staff.post('/admin/exchange-cards/update', { ...card, card_id: 2147483647 })).body.state).toBe(STATE.notFound);
    expect((await t.staff.post('/admin/exchange-cards/stock', { card_id: 2147483647, change: 1 })).body.state).toBe(STATE.notFound);
  });

  it('takes English names, shown in the shop in English mode; an edit can clear them', async () => {
    const created = await create({ name_en: 'Console card', card_name: 'コンソールTCG', card_name_en: 'Console TCG' } as Partial<typeof card>);
    expect(created).toMatchObject({ name_en: 'Console card', card_name_en: 'Console TCG' });
    const m = await member('1');
    m.setLang('en');
    const shown = (await m.post('/user/exchange_card/list/1', {})).body.list as { id: number; name: string; card_name: string }[];
    expect(shown.find((c) => c.id === created.id)).toMatchObject({ name: 'Console card', card_name: 'Console TCG' });
    const edited = await t.staff.post('/admin/exchange-cards/update', { ...card, card_id: created.id, card_name: 'コンソールTCG', name_en: '', card_name_en: '' });
    expect(edited.body.card).toMatchObject({ name_en: '', card_name_en: '' });
    const fallback = (await m.post('/user/exchange_card/list/1', {})).body.list as { id: number; name: string; card_name: string }[];
    expect(fallback.find((c) => c.id === created.id)).toMatchObject({ name: 'コンソールのカード', card_name: 'コンソールTCG' });
  });

  it('creates a card (art drawn when no image), shown in the shop; edits it; audited', async () => {
    const created = await create();
    expect(created.image).toMatch(/^\/media\/exchange-.+\.svg$/);
    const m = await member('500');
    const shopList = (await m.post('/user/exchange_card/list/1', {})).body.list as { id: number; sub_coin: string }[];
    expect(shopList.find((c) => c.id === created.id)).toMatchObject({ sub_coin: '120.50' });
    const edited = await t.staff.post('/admin/exchange-cards/update', { ...card, card_id: created.id, name: '改名したカード', sub_coin: 99, limit_per_member: 0, published: false });
    expect(edited.body.card).toMatchObject({ name: '改名したカード', sub_coin: '99.00', stock: 2, limit_per_member: 0, published: false, image: created.image });
    const hidden = (await m.post('/user/exchange_card/list/1', {})).body.list as { id: number }[];
    expect(hidden.map((c) => c.id)).not.toContain(created.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.target, `exchange_card:${created.id}`));
    expect(audit.map((a) => a.action)).toEqual(['exchange.create', 'exchange.update']);
    expect(audit[1]).toMatchObject({ before: { sub_coin: '120.50' }, after: { sub_coin: '99' } });
  });

  it('a price change refuses a check made at the old price', async () => {
    const created = await create({ limit_per_member: 0 });
    const m = await member('500');
    expect((await m.post('/user/exchange_card/check', { card_id: created.id, change_num: 1 })).body.result).toBe('1');
    await t.staff.post('/admin/exchange-cards/update', { ...card, card_id: created.id, sub_coin: '130' });
    const late = await m.post('/user/exchange_card/exchange', { card_id: created.id, change_num: 1 });
    expect(late.body.result).toBe('0');
    expect(await cardStock(db(), created.id)).toBe(2);
  });

  it('adjusts stock relative to what is there: exchanges made meanwhile stay taken; never below zero', async () => {
    const created = await create({ stock: 2, limit_per_member: 0 });
    expect((await exchange(await member('500'), created.id)).body.result).toBe('1');
    // The operator saw 2 and adds 3: the stock is now 1 + 3, not 5.
    const added = await t.staff.post('/admin/exchange-cards/stock', { card_id: created.id, change: 3 });
    expect(added.body.card).toMatchObject({ stock: 4, exchanged: 1 });
    const short = await t.staff.post('/admin/exchange-cards/stock', { card_id: created.id, change: -5 });
    expect(short.body.state).toBe(STATE.conflict);
    expect(short.body.errors.change?.[0]).toBe('在庫が足りないため減らせません（現在の在庫: 4）。');
    expect((await t.staff.post('/admin/exchange-cards/stock', { card_id: created.id, change: -4 })).body.card).toMatchObject({ stock: 0 });
    expect((await exchange(await member('500'), created.id)).body.result).toBe('-2');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'exchange.stock'));
    expect(audit.filter((a) => a.target === `exchange_card:${created.id}`).map((a) => a.after)).toEqual([{ stock: 4, change: 3 }, { stock: 0, change: -4 }]);
  });
});
