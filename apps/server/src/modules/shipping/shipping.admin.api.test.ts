import { STATE } from '@oripa/contract/states';
import { SEND_STATE } from '@oripa/contract/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { holdings, shippingRequests } from '../../db/schema/gacha.ts';
import { shippingEvents } from '../../db/schema/shipping.ts';
import { users } from '../../db/schema/users.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { createTestExchangeCard } from '../exchange/exchange-testing.ts';
import { YAMATO_B2 } from './carriers/yamato-b2.ts';
import { createTestShippingRequest } from './shipping-testing.ts';

const B2_COLUMNS = YAMATO_B2.columns.map((c) => c.name);

/** The console's shipping queue (issue 13): transitions, bulk, conversion, queue, pick list, carrier CSV. */

const t = useConsoleShop('staff', 'support');
const { db } = t;

const step = (ids: number[], to: string, extra: Record<string, unknown> = {}) => t.staff.post('/admin/shipping/transition', { request_ids: ids, to, ...extra });
const stateOf = async (id: number) => (await db().select({ s: shippingRequests.status }).from(shippingRequests).where(eq(shippingRequests.id, id)))[0]!.s;
const eventsOf = (id: number) => db().select().from(shippingEvents).where(eq(shippingEvents.requestId, id)).orderBy(shippingEvents.id);
const pointsOf = async (userId: number) => (await db().select({ p: users.pointBalance }).from(users).where(eq(users.id, userId)))[0]!.p;

async function requestAt(state: string, options: Parameters<typeof createTestShippingRequest>[1] = {}) {
  const made = await createTestShippingRequest(db(), options);
  const path = ['picking', 'packed', 'shipped', 'delivered'];
  for (const s of path.slice(0, path.indexOf(state) + 1)) expect((await step([made.requestId], s)).body.state).toBe(STATE.ok);
  if (state === 'cancelled' || state === 'returned') throw new Error('use step()');
  return made;
}

describe('transitions', () => {
  it('moves one step forward at a time, each an event with the operator, audited', async () => {
    const { requestId } = await createTestShippingRequest(db());
    for (const to of ['picking', 'packed', 'shipped', 'delivered']) {
      const res = await step([requestId], to);
      expect(res.body).toMatchObject({ state: STATE.ok, applied: [requestId], unchanged: [], refused: [] });
      expect(await stateOf(requestId)).toBe(to);
    }
    const events = await eventsOf(requestId);
    expect(events.map((e) => [e.fromState, e.toState])).toEqual([
      ['requested', 'picking'],
      ['picking', 'packed'],
      ['packed', 'shipped'],
      ['shipped', 'delivered'],
    ]);
    expect(events.every((e) => e.operatorId !== null && e.actor.includes('@'))).toBe(true);
    const audits = await db().select().from(auditLog).where(eq(auditLog.target, `shipping:${requestId}`));
    expect(audits.map((a) => (a.after as { state: string }).state)).toEqual(['picking', 'packed', 'shipped', 'delivered']);
  });

  it('is idempotent: the same step twice changes nothing and writes no second event', async () => {
    const { requestId } = await createTestShippingRequest(db());
    expect((await step([requestId], 'picking')).body.applied).toEqual([requestId]);
    const again = await step([requestId], 'picking');
    expect(again.body).toMatchObject({ state: STATE.ok, applied: [], unchanged: [requestId] });
    const [a, b] = await Promise.all([step([requestId], 'packed'), step([requestId], 'packed')]);
    expect([...a.body.applied as number[], ...b.body.applied as number[]]).toEqual([requestId]);
    expect((await eventsOf(requestId)).length).toBe(2);
  });

  it.each([
    ['requested', 'packed', 'skip_or_back'],
    ['requested', 'shipped', 'skip_or_back'],
    ['requested', 'delivered', 'skip_or_back'],
    ['requested', 'returned', 'skip_or_back'],
    ['picking', 'shipped', 'skip_or_back'],
    ['picking', 'requested', 'skip_or_back'],
    ['packed', 'picking', 'skip_or_back'],
    ['packed', 'delivered', 'skip_or_back'],
    ['shipped', 'packed', 'skip_or_back'],
    ['shipped', 'cancelled', 'skip_or_back'],
    ['delivered', 'shipped', 'skip_or_back'],
    ['delivered', 'cancelled', 'skip_or_back'],
  ])('refuses %s → %s (%s) and writes nothing', async (from, to, reason) => {
    const { requestId } = await requestAt(from);
    const before = (await eventsOf(requestId)).length;
    const res = await step([requestId], to);
    expect(res.body.state).toBe(STATE.conflict);
    expect(res.body.refused).toEqual([{ id: requestId, reason, state: from }]);
    expect(res.body.errors.request_ids?.[0]).toContain('1');
    expect(await stateOf(requestId)).toBe(from);
    expect((await eventsOf(requestId)).length).toBe(before);
  });

  it.each([['requested'], ['picking'], ['packed']])('cancels from %s; a cancelled request is final', async (from) => {
    const { requestId } = await requestAt(from);
    expect((await step([requestId], 'cancelled')).body.applied).toEqual([requestId]);
    for (const to of ['requested', 'picking', 'packed', 'shipped', 'returned']) {
      expect((await step([requestId], to)).body.refused).toEqual([{ id: requestId, reason: 'final', state: 'cancelled' }]);
    }
  });

  it.each([['shipped'], ['delivered']])('takes a return from %s; a returned request is final', async (from) => {
    const { requestId } = await requestAt(from);
    expect((await step([requestId], 'returned')).body.applied).toEqual([requestId]);
    expect((await step([requestId], 'delivered')).body.refused).toEqual([{ id: requestId, reason: 'final', state: 'returned' }]);
  });

  it('refuses unknown requests, bad payloads and roles without shipping.write', async () => {
    expect((await step([2147483647], 'picking')).body.refused).toEqual([{ id: 2147483647, reason: 'not_found', state: '' }]);
    const bad = await t.staff.post('/admin/shipping/transition', { request_ids: ['x'], to: 'flying' });
    expect(bad.body.state).toBe(STATE.validation);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['request_ids', 'to']);
    const { requestId } = await createTestShippingRequest(db());
    expect((await t.support.post('/admin/shipping/transition', { request_ids: [requestId], to: 'picking' })).body.state).toBe(STATE.forbidden);
    expect((await t.support.get('/admin/shipping')).body.state).toBe(STATE.forbidden);
    expect(await stateOf(requestId)).toBe('requested');
  });
});

describe('bulk actions', () => {
  it('applies to every selected row or, when one is refused, to none, naming the refused rows', async () => {
    const rows = await Promise.all([1, 2, 3].map(() => createTestShippingRequest(db())));
    // Made in parallel: their ids come in any order.
    const ids = rows.map((r) => r.requestId).sort((a, b) => a - b);
    expect((await step([ids[0]!], 'picking')).body.applied).toEqual([ids[0]]);
    const refused = await step(ids, 'packed');
    expect(refused.body.state).toBe(STATE.conflict);
    expect(refused.body.refused).toEqual([
      { id: ids[1], reason: 'skip_or_back', state: 'requested' },
      { id: ids[2], reason: 'skip_or_back', state: 'requested' },
    ]);
    expect(await stateOf(ids[0]!)).toBe('picking');
    const mixed = await step(ids, 'picking');
    expect(mixed.body).toMatchObject({ applied: [ids[1], ids[2]], unchanged: [ids[0]] });
    expect((await step(ids, 'packed')).body.applied).toEqual(ids);
  });

  it('ships one request with a tracking number, not several with the same one', async () => {
    const a = await requestAt('packed');
    const b = await requestAt('packed');
    const many = await step([a.requestId, b.requestId], 'shipped', { carrier: 'yamato', tracking_number: '1234-5678-9012' });
    expect(many.body.state).toBe(STATE.conflict);
    const badNumber = await step([a.requestId], 'shipped', { tracking_number: 'ABC' });
    expect(badNumber.body.errors.tracking_number).toBeDefined();
    const one = await step([a.requestId], 'shipped', { carrier: 'sagawa', tracking_number: '1234-5678-9012' });
    expect(one.body.applied).toEqual([a.requestId]);
    const [row] = await db().select().from(shippingRequests).where(eq(shippingRequests.id, a.requestId));
    expect(row!.deliveryCode).toBe('123456789012');
  });
});

describe('cancel and convert', () => {
  it("converts a cancelled point pack's convertible cards to points once, in the cancel's transaction", async () => {
    const { requestId, userId } = await createTestShippingRequest(db(), { cards: 3, buyPoint: 250 });
    const res = await step([requestId], 'cancelled', { convert: true });
    expect(res.body).toMatchObject({ applied: [requestId], converted_points: 750 });
    expect(await pointsOf(userId)).toBe(750);
    const again = await step([requestId], 'cancelled', { convert: true });
    expect(again.body).toMatchObject({ applied: [], unchanged: [requestId], converted_points: 0 });
    expect(await pointsOf(userId)).toBe(750);
    const ledger = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from point_ledger where idempotency_key = ${`shipping:${requestId}:convert`}`);
    expect(ledger[0]!.n).toBe(1);
    const cards = await db().select({ s: holdings.state }).from(holdings).where(eq(holdings.shippingRequestId, requestId));
    expect(cards.every((c) => c.s === 'converted')).toBe(true);
    const list = await t.staff.get(`/admin/shipping?ids=${requestId}`);
    expect(list.body.requests).toMatchObject([{ id: requestId, state: 'cancelled', converted_points: 750, cards: [] }]);
  });

  it('offers the conversion later on a cancelled request, and never for a coin pack or a step other than cancel', async () => {
    const later = await createTestShippingRequest(db(), { cards: 2, buyPoint: 100 });
    await step([later.requestId], 'cancelled');
    expect(await pointsOf(later.userId)).toBe(0);
    expect((await step([later.requestId], 'cancelled', { convert: true })).body.converted_points).toBe(200);
    const coin = await createTestShippingRequest(db(), { paymentMethod: '2' });
    const refused = await step([coin.requestId], 'cancelled', { convert: true });
    expect(refused.body.refused).toEqual([{ id: coin.requestId, reason: 'not_convertible', state: 'requested' }]);
    expect(await stateOf(coin.requestId)).toBe('requested');
    const wrongStep = await step([later.requestId], 'picking', { convert: true });
    expect(wrongStep.body.refused).toMatchObject([{ reason: 'not_convertible' }]);
  });
});

describe('queue, deadlines, pick list', () => {
  it('filters by state, pack, member, dates and overdue, with the age in business days', async () => {
    const old = await createTestShippingRequest(db(), { createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const fresh = await createTestShippingRequest(db(), { userId: old.userId });
    const byMember = await t.staff.get(`/admin/shipping?member=${old.userId}`);
    const rows = byMember.body.requests as { id: number; overdue: boolean; age_business_days: number; address: { name: string } }[];
    expect(rows.map((r) => r.id)).toEqual([old.requestId, fresh.requestId]);
    expect(rows[0]).toMatchObject({ overdue: true, address: { name: '髙橋 花子' } });
    expect(rows[0]!.age_business_days).toBeGreaterThan(20);
    expect(rows[1]).toMatchObject({ overdue: false, age_business_days: 0 });
    const overdue = (await t.staff.get(`/admin/shipping?state=overdue&member=${old.userId}`)).body.requests as { id: number }[];
    expect(overdue.map((r) => r.id)).toEqual([old.requestId]);
    const byPack = (await t.staff.get(`/admin/shipping?pack=${fresh.packId}`)).body.requests as { id: number }[];
    expect(byPack.map((r) => r.id)).toEqual([fresh.requestId]);
    await step([old.requestId], 'picking');
    const picking = (await t.staff.get(`/admin/shipping?state=picking&member=${old.userId}`)).body.requests as { id: number }[];
    expect(picking.map((r) => r.id)).toEqual([old.requestId]);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const sinceToday = (await t.staff.get(`/admin/shipping?from=${today}&member=${old.userId}`)).body.requests as { id: number }[];
    expect(sinceToday.map((r) => r.id)).toEqual([fresh.requestId]);
    const bad = await t.staff.get('/admin/shipping?state=lost&from=yesterday&ids=1,x');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'ids', 'state']);
  });

  it('adds up the cards of the selected requests by card', async () => {
    const a = await createTestShippingRequest(db(), { cards: 3 });
    const b = await createTestShippingRequest(db(), { cards: 2 });
    const pick = await t.staff.get(`/admin/shipping/picklist?ids=${a.requestId},${b.requestId}`);
    expect(pick.body).toMatchObject({
      requests: 2,
      cards: 5,
      lines: [
        { name: 'カード1', model_number: 'T-1', rarity: 5, count: 3, requests: 2 },
        { name: 'カード2', model_number: 'T-2', rarity: 4, count: 2, requests: 2 },
      ],
    });
  });
});

/** The export's records as text (decoded from code page 932), header first. */
function exportedRecords(base64: string): string[][] {
  const text = iconv.decode(Buffer.from(base64, 'base64'), 'cp932');
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));
}

function importFile(records: string[][], encoding: 'cp932' | 'utf8-bom'): string {
  const text = records.map((r) => r.map((v) => `"${v}"`).join(',')).join('\r\n') + '\r\n';
  const bytes = encoding === 'cp932' ? iconv.encode(text, 'cp932') : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  return bytes.toString('base64');
}

describe('carrier CSV', () => {
  it.each([['cp932' as const], ['utf8-bom' as const]])('exports B2 Cloud rows in Shift_JIS and imports them back with tracking numbers (%s)', async (encoding) => {
    const made = (await Promise.all([1, 2].map(() => requestAt('packed')))).sort((a, b) => a.requestId - b.requestId);
    const ids = made.map((m) => m.requestId);
    const exported = await t.staff.get(`/admin/shipping/export?ids=${ids.join(',')}`);
    expect(exported.body).toMatchObject({ rows: 2 });
    const records = exportedRecords(exported.body.content_base64 as string);
    expect(records[0]).toEqual([...B2_COLUMNS]);
    const column = (name: string) => B2_COLUMNS.indexOf(name);
    expect(records[1]![column('お客様管理番号')]).toBe(String(ids[0]));
    expect(records[1]![column('お届け先名')]).toBe('髙橋 花子');
    expect(records[1]![column('お届け先住所')]).toBe('東京都渋谷区渋谷２丁目２１－１');
    expect(records[1]![column('お届け先アパートマンション名')]).toBe('ヒカリエ①号室');
    expect(records[1]![column('お届け先郵便番号')]).toBe('150-0002');
    expect(records[1]![column('送り状種類')]).toBe('0');

    // What B2 Cloud gives back after printing: the same layout with 伝票番号 filled in.
    const back = records.map((r, i) => (i === 0 ? r : r.map((v, c) => (c === column('伝票番号') ? `4000-1111-${2000 + i}` : v))));
    const imported = await t.staff.post('/admin/shipping/import', { file_base64: importFile(back, encoding) });
    expect(imported.body).toMatchObject({ state: STATE.ok, applied: ids, unchanged: [], line_errors: [] });
    const list = (await t.staff.get(`/admin/shipping?ids=${ids.join(',')}`)).body.requests as { state: string; carrier: string; tracking_number: string; tracking_url: string }[];
    expect(list.map((r) => [r.state, r.carrier, r.tracking_number])).toEqual([
      ['shipped', 'yamato', '400011112001'],
      ['shipped', 'yamato', '400011112002'],
    ]);
    expect(list[0]!.tracking_url).toContain('kuronekoyamato.co.jp');
    const again = await t.staff.post('/admin/shipping/import', { file_base64: importFile(back, encoding) });
    expect(again.body).toMatchObject({ applied: [], unchanged: ids });
    expect((await eventsOf(ids[0]!)).filter((e) => e.toState === 'shipped').length).toBe(1);

    // The member sees it: send_state shipped, the tracking number and the carrier's page.
    const member = t.shop.client();
    await signIn(db(), member, made[0]!.userId);
    const detail = await member.get(`/user/history/detail/${made[0]!.purchaseId}`);
    expect(detail.body.history).toMatchObject({ send_state: SEND_STATE.shipped, delivery_code: '400011112001' });
    expect(detail.body.shipments).toMatchObject([{ id: ids[0], state: 'shipped', carrier: 'yamato', tracking_number: '400011112001' }]);
    // And one shipping mail per request, kept in the outbox.
    const mails = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox where event_key = ${`shipping:${ids[0]}:shipped`}`);
    expect(mails[0]!.n).toBe(1);
  });

  it('reports each bad line with its number and reason and applies nothing', async () => {
    const good = await requestAt('packed');
    const early = await requestAt('picking');
    const header = ['お客様管理番号', '伝票番号'];
    const file = importFile(
      [header, [String(good.requestId), '400022223333'], [String(early.requestId), '400022224444'], ['99999999', '400022225555'], [String(good.requestId), 'x'], ['', '']],
      'cp932',
    );
    const res = await t.staff.post('/admin/shipping/import', { file_base64: file });
    expect(res.body.state).toBe(STATE.validation);
    const lines = res.body.line_errors as { line: number; reason: string }[];
    expect(lines.map((l) => l.line)).toEqual([3, 4, 5, 6]);
    expect(lines[0]!.reason).toContain('梱包済み');
    expect(lines[1]!.reason).toContain('99999999');
    expect(lines[2]!.reason).toContain('重複');
    expect(await stateOf(good.requestId)).toBe('packed');
    expect(res.body.errors.file_base64?.[0]).toContain('4');
    const notCsv = await t.staff.post('/admin/shipping/import', { file_base64: Buffer.from('"a,b\r\n').toString('base64') });
    expect(notCsv.body.line_errors).toMatchObject([{ reason: 'CSVとして読めません。' }]);
    const noHeader = await t.staff.post('/admin/shipping/import', { file_base64: Buffer.from('id,number\r\n1,2\r\n').toString('base64') });
    expect(noHeader.body.line_errors).toMatchObject([{ line: 1 }]);
    expect((await t.staff.post('/admin/shipping/import', { file_base64: '***' })).body.state).toBe(STATE.validation);
    const rows = await db().select().from(shippingEvents).where(inArray(shippingEvents.requestId, [good.requestId, early.requestId]));
    expect(rows.filter((e) => e.toState === 'shipped')).toEqual([]);
  });
});

describe('exchanges', () => {
  it("queues an exchanged card like a pack's, never converts it, and shows its tracking to the member", async () => {
    const cardId = await createTestExchangeCard(db(), { name: '交換 紅蓮竜', sub_coin: '50.00', stock: 3 });
    const userId = await createTestMember(db());
    await fund(db(), userId, { coins: '100' });
    const member = t.shop.client();
    await signIn(db(), member, userId);
    await member.get('/user/point');
    expect((await member.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    expect((await member.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    const [queued] = (await t.staff.get(`/admin/shipping?member=${userId}`)).body.requests as { id: number; source: string; pack_name: string; point_pack: boolean; cards: unknown[] }[];
    expect(queued).toMatchObject({ source: 'exchange', pack_name: '交換 紅蓮竜', point_pack: false, cards: [{ name: '交換 紅蓮竜', count: 1 }] });
    expect((await step([queued!.id], 'cancelled', { convert: true })).body.refused).toMatchObject([{ reason: 'not_convertible' }]);
    expect((await member.get('/user/exchange/shipments')).body.list).toMatchObject([{ id: queued!.id, state: 'requested', card_name: '交換 紅蓮竜', tracking_url: '' }]);
    for (const to of ['picking', 'packed']) await step([queued!.id], to);
    await step([queued!.id], 'shipped', { carrier: 'japanpost', tracking_number: 'EJ123456789JP' });
    const list = (await member.get('/user/exchange/shipments')).body.list as { state: string; carrier: string; tracking_url: string }[];
    expect(list).toMatchObject([{ state: 'shipped', carrier: 'japanpost', tracking_number: 'EJ123456789JP' }]);
    expect(list[0]!.tracking_url).toContain('japanpost.jp');
    expect((await t.shop.client().get('/user/exchange/shipments')).body.state).toBe(STATE.loginRequired);
  });
});
