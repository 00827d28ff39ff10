import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { shippingRequests } from '../../db/schema/gacha.ts';
import { insertShippingRequests } from '../../db/shipping-requests.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { renderMail, type MailData } from '../notifications/mail-templates.ts';
import { createTestShippingRequest, TEST_ADDRESS } from './shipping-testing.ts';

/**
 * Combined parcels (同梱) and every carrier's file over the wire (issue 27 point 5, decision 051):
 * staff combine a member's open requests to one address, split them before packing, are refused
 * for another member, address or a packed request; the parcel moves as one, ships with one
 * tracking number and one mail, exports as one line for each carrier; a field over a carrier's
 * limit refuses the file naming it; and the operator's switch combines new requests by itself.
 */

const t = useConsoleShop('staff');
const { db } = t;

async function twoOfOneMember(o: { cards?: number } = {}) {
  const first = await createTestShippingRequest(db(), { cards: o.cards ?? 2 });
  const second = await createTestShippingRequest(db(), { cards: 1, userId: first.userId });
  return { userId: first.userId, ids: [first.requestId, second.requestId] as [number, number] };
}

const parcelIds = async (ids: number[]) =>
  (await queryRows<{ id: number; parcel_id: number | null }>(db(), sql`select id, parcel_id from shipping_requests where id = any(${`{${ids.join(',')}}`}::int[]) order by id`)).map((r) => r.parcel_id);
const step = (ids: number[], to: string, extra: Record<string, unknown> = {}) => t.staff.post('/admin/shipping/transition', { request_ids: ids, to, ...extra });
const exported = (ids: number[], format: string) => t.staff.get(`/admin/shipping/export?ids=${ids.join(',')}&format=${format}`);
const fileLines = (base64: string) => iconv.decode(Buffer.from(base64, 'base64'), 'cp932').split('\r\n').filter((l) => l !== '');

describe('combining', () => {
  it('combines two open requests of one member under the older one, audited, and lists the parcel', async () => {
    const { ids } = await twoOfOneMember();
    const res = await t.staff.post('/admin/shipping/combine', { request_ids: [ids[1], ids[0]] });
    expect(res.body).toMatchObject({ state: STATE.ok, parcel_id: ids[0], request_ids: ids });
    expect(await parcelIds(ids)).toEqual([null, ids[0]]);
    const list = (await t.staff.get(`/admin/shipping?ids=${ids[1]}`)).body.requests as { id: number; parcel_id: number | null }[];
    // Selecting one request of a parcel brings the whole parcel.
    expect(list.map((r) => [r.id, r.parcel_id])).toEqual([
      [ids[0], null],
      [ids[1], ids[0]],
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.target, `shipping:${ids[1]}`));
    expect(audits.map((a) => [a.action, a.after])).toEqual([['shipping.combine', { parcel_id: ids[0] }]]);
  });

  it('refuses another member, another address, a packed request and a single one, and writes nothing', async () => {
    const { ids, userId } = await twoOfOneMember();
    const stranger = await createTestShippingRequest(db(), { cards: 1 });
    const refusedMember = await t.staff.post('/admin/shipping/combine', { request_ids: [ids[0], stranger.requestId] });
    expect(refusedMember.body.state).toBe(STATE.conflict);
    expect(refusedMember.body.errors.request_ids?.[0]).toContain(`#${stranger.requestId}`);

    const moved = await createTestShippingRequest(db(), { cards: 1, userId });
    await db().update(shippingRequests).set({ address: { ...TEST_ADDRESS, building: '別館' } }).where(eq(shippingRequests.id, moved.requestId));
    const refusedAddress = await t.staff.post('/admin/shipping/combine', { request_ids: [ids[0], moved.requestId] });
    expect(refusedAddress.body.state).toBe(STATE.conflict);
    expect(refusedAddress.body.errors.request_ids?.[0]).toBe(`発送依頼（#${moved.requestId}）はお届け先が異なるため、同梱していません。`);

    await step([ids[1]], 'picking');
    await step([ids[1]], 'packed');
    t.staff.setLang('en');
    try {
      const refusedState = await t.staff.post('/admin/shipping/combine', { request_ids: ids });
      expect(refusedState.body.state).toBe(STATE.conflict);
      expect(refusedState.body.errors.request_ids?.[0]).toMatch(new RegExp(`^Requests #${ids[1]} are no longer requested or picking`));
      const single = await t.staff.post('/admin/shipping/combine', { request_ids: [ids[0]] });
      expect(single.body.state).toBe(STATE.validation);
      expect(single.body.errors.request_ids?.[0]).toBe('Select two or more requests to combine.');
    } finally {
      t.staff.setLang('ja');
    }
    expect(await parcelIds([...ids, stranger.requestId, moved.requestId])).toEqual([null, null, null, null]);
  });

  it('splits a parcel before it is packed, and refuses once it is packed', async () => {
    const { ids } = await twoOfOneMember();
    await t.staff.post('/admin/shipping/combine', { request_ids: ids });
    const split = await t.staff.post('/admin/shipping/split', { request_ids: [ids[1]] });
    expect(split.body).toMatchObject({ state: STATE.ok, request_ids: ids });
    expect(await parcelIds(ids)).toEqual([null, null]);

    await t.staff.post('/admin/shipping/combine', { request_ids: ids });
    // One step on one request moves its whole parcel.
    expect((await step([ids[0]], 'picking')).body.applied).toEqual(ids);
    expect((await step([ids[1]], 'packed')).body.applied).toEqual(ids);
    const refused = await t.staff.post('/admin/shipping/split', { request_ids: [ids[0]] });
    expect(refused.body.state).toBe(STATE.conflict);
    expect(await parcelIds(ids)).toEqual([null, ids[0]]);
  });
});

describe('a combined parcel', () => {
  it('ships with one tracking number for all, one mail naming every request and card', async () => {
    const { ids } = await twoOfOneMember({ cards: 2 });
    const single = await createTestShippingRequest(db(), { cards: 1 });
    await t.staff.post('/admin/shipping/combine', { request_ids: ids });
    await step(ids, 'picking');
    await step(ids, 'packed');
    // One number for two parcels is still refused.
    await step([single.requestId], 'picking');
    await step([single.requestId], 'packed');
    const two = await step([ids[0], single.requestId], 'shipped', { carrier: 'sagawa', tracking_number: '123456789012' });
    expect(two.body.state).toBe(STATE.conflict);

    const shipped = await step([ids[0]], 'shipped', { carrier: 'sagawa', tracking_number: '1234-5678-9012' });
    expect(shipped.body).toMatchObject({ state: STATE.ok, applied: ids });
    const list = (await t.staff.get(`/admin/shipping?ids=${ids[0]}`)).body.requests as { state: string; carrier: string; tracking_number: string }[];
    expect(list.map((r) => [r.state, r.carrier, r.tracking_number])).toEqual([
      ['shipped', 'sagawa', '123456789012'],
      ['shipped', 'sagawa', '123456789012'],
    ]);
    const mails = await queryRows<{ event_key: string; data: MailData['shipping_notice'] }>(
      db(),
      sql`select event_key, data from outbox where event_key = ${`shipping:${ids[0]}:shipped`} or event_key = ${`shipping:${ids[1]}:shipped`}`,
    );
    expect(mails.map((m) => m.event_key)).toEqual([`shipping:${ids[0]}:shipped`]);
    expect(mails[0]!.data).toMatchObject({ requestId: ids[0], requestIds: ids, trackingNumber: '123456789012', cards: ['カード1', 'カード2', 'カード1'] });
    const site = { url: 'https://shop.example', seller: { name: 'オリパ', nameEn: 'Oripa', address: '', addressEn: '', tel: '', mail: '' } };
    expect(renderMail('shipping_notice', mails[0]!.data, 'ja', site).text).toContain(`発送番号: ${ids[0]}, ${ids[1]}`);
  });

  it('exports as one line for every carrier, and imports one tracking number back for all', async () => {
    const { ids } = await twoOfOneMember();
    await t.staff.post('/admin/shipping/combine', { request_ids: ids });
    for (const format of ['yamato_b2', 'sagawa_ehiden', 'japanpost_yupri', 'japanpost_clickpost']) {
      const res = await exported(ids, format);
      expect(res.body, format).toMatchObject({ state: STATE.ok, rows: 1 });
      expect(fileLines(res.body.content_base64 as string), format).toHaveLength(2);
    }
    const sagawa = await exported([ids[1]], 'sagawa_ehiden');
    expect(sagawa.body.filename).toMatch(/^ehiden-\d{12}\.csv$/);
    const [header, line] = fileLines(sagawa.body.content_base64 as string).map((l) => l.slice(1, -1).split('","'));
    expect(line![header!.indexOf('お客様管理ナンバー')]).toBe(String(ids[0]));
    // Both packs' names are 34 bytes, over 品名2's 32: cut and reported, the file still made.
    expect(line![header!.indexOf('品名2')]).toBe('テストパック 2枚、テストパック 1');
    expect(sagawa.body.truncated).toEqual([{ parcel_id: ids[0], request_ids: ids, field: '品名2', limit: 32, length: 34 }]);

    await step(ids, 'picking');
    await step(ids, 'packed');
    const back = `"お客様管理ナンバー","お問合せ送り状No"\r\n"${ids[0]}","abc"\r\n`;
    const wrong = await t.staff.post('/admin/shipping/import', { file_base64: iconv.encode(back, 'cp932').toString('base64'), carrier: 'sagawa' });
    expect(wrong.body.line_errors).toHaveLength(1);
    const shortNumber = back.replace('abc', '12345678');
    const notSagawa = await t.staff.post('/admin/shipping/import', { file_base64: iconv.encode(shortNumber, 'cp932').toString('base64'), carrier: 'sagawa' });
    expect(notSagawa.body.line_errors).toEqual([{ line: 2, reason: '伝票番号「12345678」は佐川急便の番号の形ではありません。' }]);
    const good = back.replace('abc', '555566667777');
    const imported = await t.staff.post('/admin/shipping/import', { file_base64: iconv.encode(good, 'cp932').toString('base64'), carrier: 'sagawa' });
    expect(imported.body).toMatchObject({ state: STATE.ok, applied: ids });
    const list = (await t.staff.get(`/admin/shipping?ids=${ids[0]}`)).body.requests as { tracking_number: string }[];
    expect(list.map((r) => r.tracking_number)).toEqual(['555566667777', '555566667777']);
  });

  it('refuses a file with a field over the carrier’s limit, naming parcel, field, limit and length', async () => {
    const { ids } = await twoOfOneMember();
    await db().update(shippingRequests).set({ address: { ...TEST_ADDRESS, name: '寿限無寿限無五劫の擦り切れ海砂利水魚' } }).where(sql`id = any(${`{${ids.join(',')}}`}::int[])`);
    await t.staff.post('/admin/shipping/combine', { request_ids: ids });
    const b2 = await exported(ids, 'yamato_b2');
    expect(b2.body.state).toBe(STATE.conflict);
    expect(b2.body.content_base64).toBeUndefined();
    expect(b2.body.over_limits).toEqual([{ parcel_id: ids[0], request_ids: ids, field: 'お届け先名', limit: 32, length: 36 }]);
    expect(b2.body.errors.ids?.[0]).toContain(`#${ids[0]} お届け先名 36/32`);
    // Click Post takes 20 full-width characters: the same name fits there.
    expect((await exported(ids, 'japanpost_clickpost')).body.state).toBe(STATE.ok);
    const bad = await t.staff.get(`/admin/shipping/export?ids=${ids[0]}&format=fedex`);
    expect(bad.body.state).toBe(STATE.validation);
  });
});

describe('automatic combining', () => {
  const newRequest = async (userId: number) =>
    (await queryRows<{ id: number }>(db(), insertShippingRequests(sql`(select ${userId}::int as user_id, null::int as purchase_id)`, new Date())))[0]!.id;

  it('joins a member’s new request to their open parcel to the same address when the operator turned it on', async () => {
    const { userId } = await createTestShippingRequest(db(), { cards: 1 });
    const first = await newRequest(userId);
    const second = await newRequest(userId);
    expect(await parcelIds([first, second])).toEqual([null, null]);

    expect((await t.staff.get('/admin/shipping/settings')).body).toMatchObject({ auto_combine: false });
    const on = await t.staff.post('/admin/shipping/settings', { auto_combine: true });
    expect(on.body).toMatchObject({ state: STATE.ok, auto_combine: true });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'shipping.auto_combine'));
    expect(audits.map((a) => a.after)).toEqual([{ auto_combine: true }]);
    try {
      const third = await newRequest(userId);
      expect(await parcelIds([first, second, third])).toEqual([null, null, first]);
      // Once that parcel is packed, new requests join the member's next open one.
      await step([first], 'picking');
      await step([first], 'packed');
      const fourth = await newRequest(userId);
      const fifth = await newRequest(userId);
      expect(await parcelIds([fourth, fifth])).toEqual([second, second]);
    } finally {
      await t.staff.post('/admin/shipping/settings', { auto_combine: false });
    }
  });
});
