import type { PackAdmin } from '@oripa/contract/admin-catalog';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { packs } from '../../db/schema/catalog.ts';
import { media } from '../../db/schema/settings.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/**
 * Issue 26 point 6 (decision 044): the console refuses a lot whose last-one or milestone prizes
 * break 景品表示法's caps, naming the cap, unless an owner records a reason, which is audited in
 * the lot's own transaction. Staff cannot go beyond the caps, with or without a reason.
 */

const t = useConsoleShop('owner', 'staff');
const { db } = t;
let cardTypeId: number;

beforeAll(async () => {
  const res = await t.owner.post('/admin/card_types/save', { name: `景品上限${Date.now()}`, sort: 1 });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  cardTypeId = (res.body.card_type as { id: number }).id;
});

/** A lot of 100 packs: at ¥1,000 a prize may be worth ¥20,000 and all of them together ¥2,000. */
const packInput = (values: Record<string, unknown> = {}) => ({
  name: '景品上限のパック',
  card_type_id: cardTypeId,
  point: 1000,
  payment_method: PAYMENT_METHOD.points,
  start_at: new Date(Date.now() + 86_400_000).toISOString(),
  lineup: [
    { name: 'レア', rarity: 5, count: 10, buy_point: 2000 },
    { name: 'ノーマル', rarity: 1, count: 90, buy_point: 100 },
  ],
  ...values,
});

const packCount = async () => (await db().select({ n: count() }).from(packs))[0]!.n;
const overrides = (packId: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.prize_cap_override'), eq(auditLog.target, `pack:${packId}`)));

describe('prize caps: creating a lot', () => {
  it('refuses a last-one prize above 20× a price under ¥5,000, naming the cap, and writes nothing', async () => {
    const before = await packCount();
    const res = await t.owner.post('/admin/packs/create', packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 25000 } }));
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.prize_caps).toEqual([
      '「ラストワン」の価額25,000円が景品表示法の上限を超えています（価格5,000円未満のため1個あたり価格の20倍 = 20,000円まで）。オーナーが理由を記録すると登録できます。',
    ]);
    expect(await packCount()).toBe(before);
  });

  it('refuses a prize above ¥100,000 when the price is ¥5,000 or more', async () => {
    const res = await t.owner.post('/admin/packs/create', packInput({ point: 5000, last_one: { name: '超高額賞', rarity: 7, buy_point: 150000 } }));
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.prize_caps?.[0]).toContain('1個あたり100,000円まで');
  });

  it('refuses prizes that together exceed 2% of the lot’s sales, counting each milestone as often as it is given', async () => {
    // ¥1,500 last-one + ¥300 at packs 50 and 100 = ¥2,100 > 2% of ¥100,000.
    const res = await t.owner.post(
      '/admin/packs/create',
      packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 1500 }, milestones: [{ name: 'キリ番', rarity: 5, buy_point: 300, at: 50, every: 50 }] }),
    );
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.prize_caps).toEqual([
      'ラストワン賞・節目賞の総額2,100円が景品表示法の上限（ロットの売上の2% = 2,000円）を超えています。オーナーが理由を記録すると登録できます。',
    ]);
  });

  it('commits a lot within the caps without a reason, and audits no override', async () => {
    const res = await t.staff.post('/admin/packs/create', packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 2000 } }));
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    expect(await overrides((res.body.pack as PackAdmin).id)).toEqual([]);
  });

  it('refuses staff’s reason: only an owner may go beyond the caps', async () => {
    const before = await packCount();
    const res = await t.staff.post('/admin/packs/create', packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 25000 }, prize_cap_reason: '記念企画' }));
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.prize_cap_reason).toEqual(['上限を超える賞品の理由を記録できるのはオーナーだけです。']);
    expect(await packCount()).toBe(before);
  });

  it('accepts the lot with the owner’s recorded reason, audited with the caps it goes beyond', async () => {
    const reason = '弁護士確認済み: ラストワン賞は購入者全員への告知済み特典';
    const res = await t.owner.post('/admin/packs/create', packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 25000 }, prize_cap_reason: reason }));
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const pack = res.body.pack as PackAdmin;
    expect(pack.lineup.find((p) => p.kind === 'last_one')?.buy_point).toBe(25000);
    const [entry, ...more] = await overrides(pack.id);
    expect(more).toEqual([]);
    expect(entry?.after).toMatchObject({
      reason,
      per_prize_cap: 20000,
      total_cap: 2000,
      total_value: 25000,
      over_per_prize: [{ name: 'ラストワン', kind: 'last_one', value: 25000 }],
      over_total: true,
    });
  });
});

describe('prize caps: changing a committed lot', () => {
  /** The pack's own fields as the editor sends them back, with its lineup as stored. */
  function updateOf(pack: PackAdmin, values: Record<string, unknown> = {}) {
    const { state: _s, total: _t, drawn: _d, seed_hash: _h, committed_at: _c, lineup: stored, ...terms } = pack;
    return { ...terms, lineup: stored.map(({ kind: _k, at: _a, every: _e, ...p }) => p), ...values };
  }

  it('refuses raising a last-one prize’s value above the cap, or lowering the price under it, unless an owner gives a reason', async () => {
    const created = await t.owner.post('/admin/packs/create', packInput({ last_one: { name: 'ラストワン', rarity: 7, buy_point: 2000 } }));
    const pack = created.body.pack as PackAdmin;
    const raised = updateOf(pack);
    raised.lineup = raised.lineup.map((p) => (p.name === 'ラストワン' ? { ...p, buy_point: 30000 } : p));

    const refused = await t.staff.post('/admin/packs/update', raised);
    expect(refused.body.state).toBe(STATE.validation);
    expect(refused.body.errors.prize_caps?.[0]).toContain('20,000円');
    // A cheaper pack lowers the caps too: ¥50 × 20 = ¥1,000 < ¥2,000.
    const cheaper = await t.staff.post('/admin/packs/update', updateOf(pack, { point: 50 }));
    expect(cheaper.body.errors.prize_caps?.[0]).toContain('1,000円');
    // Other changes of a lot within its caps go through without a reason.
    const renamed = await t.staff.post('/admin/packs/update', updateOf(pack, { name: '改名したパック' }));
    expect(renamed.body.state, JSON.stringify(renamed.body.errors)).toBe(STATE.ok);

    const accepted = await t.owner.post('/admin/packs/update', { ...raised, name: '改名したパック', prize_cap_reason: '社内承認 2026-11' });
    expect(accepted.body.state, JSON.stringify(accepted.body.errors)).toBe(STATE.ok);
    const [entry] = await overrides(pack.id);
    expect(entry?.after).toMatchObject({ reason: '社内承認 2026-11', over_per_prize: [{ name: 'ラストワン', value: 30000 }] });
  });
});

describe('member-only and free daily packs (decision 056)', () => {
  it('weighs a free daily lot’s whole lineup against the caps, and keeps who may buy as set', async () => {
    // 10 × ¥2,000 + 90 × ¥100 = ¥29,000 given free, far above 2% of the lot’s ¥100,000.
    const refused = await t.owner.post('/admin/packs/create', packInput({ free_daily: true }));
    expect(refused.body.state).toBe(STATE.validation);
    expect(refused.body.errors.prize_caps?.[0]).toContain('29,000円');

    const small = packInput({
      free_daily: true,
      sms_verified_only: true,
      first_purchase_only: true,
      lineup: [{ name: 'ノーマル', rarity: 1, count: 100, buy_point: 10 }],
    });
    const made = await t.owner.post('/admin/packs/create', small);
    expect(made.body.state, JSON.stringify(made.body.errors)).toBe(STATE.ok);
    expect(made.body.pack as PackAdmin).toMatchObject({ free_daily: true, sms_verified_only: true, first_purchase_only: true, min_rank_id: null });
    // Its drawn image's badge says FREE, not the 1,000P it never charges.
    const image = (made.body.pack as PackAdmin).images[0] ?? '';
    const [art] = await db().select({ body: media.body }).from(media).where(eq(media.id, image.replace('/media/', '')));
    expect(art?.body).toContain('>FREE</text>');
    expect(art?.body).not.toContain('1,000P');
  });

  it('refuses a minimum rank that does not exist, in the operator’s language', async () => {
    const res = await t.owner.post('/admin/packs/create', packInput({ min_rank_id: 999_999 }));
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.min_rank_id).toEqual(['選択されたランクが見つかりません。']);
  });
});
