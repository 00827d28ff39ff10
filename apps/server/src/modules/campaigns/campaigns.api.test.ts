import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { cardToken, createTestCourse, pointState } from '../../testing/payments.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { createPayment, creditPurchase, succeed } from '../payments/payment-state.ts';
import { debitPoints } from '../wallet/wallet.service.ts';

// Decision 060: a campaign gives extra free points (or multiplies the coin-back) of the point
// purchases whose order was created in its period, in the transaction that credits the purchase,
// once per payment, from a budget that never goes below zero (raced on PostgreSQL with
// `--project api-pg`); a refund takes the extra points back.
const t = useConsoleShop('owner', 'support');
const { db } = t;
const HOUR = 3_600_000;
let courseId: number;
let sequence = 0;

beforeAll(async () => {
  courseId = await createTestCourse(db(), { point: 1000, price: 1100 });
});

async function buyer(options: { rank?: string } = {}): Promise<{ client: TestClient; userId: number }> {
  const userId = await createTestMember(db());
  if (options.rank) await db().execute(sql`update users set rank_id = (select id from ranks where code = ${options.rank}) where id = ${userId}`);
  const client = t.shop.client();
  client.remoteAddress = `10.60.${Math.floor(sequence / 250)}.${(sequence++ % 250) + 1}`;
  await signIn(db(), client, userId);
  await client.get('/user/point');
  const opened = await client.get(`/user/point_price/detail/${courseId}`);
  expect(opened.body.state).toBe(STATE.ok);
  return { client, userId };
}

async function buyByCard(client: TestClient): Promise<number> {
  const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, '4111111111111111') });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ state: STATE.ok, result: '1' });
  return res.body.payment_id as number;
}

function spec(values: Record<string, unknown> = {}) {
  return {
    kind: 'point_bonus',
    name: '秋の増量キャンペーン',
    name_en: 'Autumn bonus',
    percent: 10,
    budget: 100_000,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    ...values,
  };
}

async function create(values: Record<string, unknown> = {}) {
  const res = await t.owner.post('/admin/campaigns/create', spec(values));
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.campaign as { id: number; remaining: string; status: string };
}

/** Moves a test's campaign into the past (a period of its own in 2001), so the next test may run one of the same kind now. */
let retired = 0;
async function retire(id: number) {
  retired++;
  await db().execute(sql`update campaigns set starts_at = ${new Date(Date.UTC(2001, 0, retired))}, ends_at = ${new Date(Date.UTC(2001, 0, retired, 12))} where id = ${id}`);
}

async function campaignState(id: number) {
  const [row] = await queryRows<{ remaining: string; grants: number; points: number; coins: string }>(
    db(),
    sql`select c.remaining::text as remaining,
               (select count(*)::int from campaign_grants g where g.campaign_id = c.id) as grants,
               (select coalesce(sum(l.delta), 0)::int from point_ledger l where l.reason = 'campaign' and l.ref = 'campaign:' || c.id) as points,
               (select coalesce(sum(l.delta), 0)::text from coin_ledger l where l.reason = 'campaign_coinback' and l.ref = 'campaign:' || c.id) as coins
          from campaigns c where c.id = ${id}`,
  );
  return row;
}

describe('a point bonus campaign', () => {
  it('credits free points in the purchase’s transaction, once, shown on the shop and in the history in both languages', async () => {
    const campaign = await create();
    const visitor = t.shop.client();
    expect((await visitor.get('/user/campaigns')).body).toMatchObject({
      state: STATE.ok,
      campaigns: [{ kind: 'point_bonus', name: '秋の増量キャンペーン', percent: 10, multiplier: null, budget_left: true }],
    });
    visitor.setLang('en');
    expect((await visitor.get('/user/campaigns')).body.campaigns).toMatchObject([{ name: 'Autumn bonus' }]);

    const { client, userId } = await buyer();
    const paymentId = await buyByCard(client);
    // A replayed completion credits nothing more.
    await client.post('/user/point/append', { token: paymentId });
    expect(await pointState(db(), userId)).toMatchObject({ point: 1100, ledger: 1100, lots: 1100, purchases: 1, money: 1100 });
    const rows = await queryRows<{ reason: string; delta: number; free_delta: number; money: number; idempotency_key: string; kind: string }>(
      db(),
      sql`select l.reason, l.delta, l.free_delta, l.money, l.idempotency_key, k.kind
            from point_ledger l join point_lots k on k.ledger_id = l.id where l.user_id = ${userId} order by l.id`,
    );
    expect(rows).toEqual([
      { reason: 'purchase', delta: 1000, free_delta: 0, money: 1100, idempotency_key: `payment:${paymentId}`, kind: 'paid' },
      { reason: 'campaign', delta: 100, free_delta: 100, money: 0, idempotency_key: `campaign:payment:${paymentId}`, kind: 'free' },
    ]);
    expect(await campaignState(campaign.id)).toEqual({ remaining: '99900.00', grants: 1, points: 100, coins: '0' });

    const ja = (await client.get('/user/point/list/1')).body.list as Record<string, unknown>[];
    expect(ja[0]).toMatchObject({ reason: 'campaign', bonusPoint: 100, memo: 'キャンペーン 秋の増量キャンペーン（+10%）' });
    client.setLang('en');
    expect(((await client.get('/user/point/list/1')).body.list as Record<string, unknown>[])[0]).toMatchObject({ memo: 'Campaign bonus: Autumn bonus (+10%)' });

    const list = await t.support.get('/admin/campaigns');
    expect(list.body.campaigns).toEqual(expect.arrayContaining([expect.objectContaining({ id: campaign.id, status: 'active', used: '100.00', payments: 1 })]));
    const grants = await t.support.get(`/admin/campaigns/grants/${campaign.id}`);
    expect(grants.body.grants).toMatchObject([{ payment_id: paymentId, user_id: userId, amount: '100.00' }]);
    await retire(campaign.id);
  });

  it('grants once when the credit path runs twice in parallel (the state guard, and creditPurchase itself)', async () => {
    const campaign = await create();
    const make = async () => {
      const userId = await createTestMember(db());
      const payment = await createPayment(db(), { userId, courseId, point: 1000, amount: 1100, tax: 100, payId: 1, provider: 'sandbox' });
      return { userId, payment };
    };
    // Two provider notifications racing: one moves the payment, both find it succeeded.
    const a = await make();
    const now = new Date();
    const moved = await Promise.all([succeed(db(), a.payment, now, { source: 'notification' }), succeed(db(), a.payment, now, { source: 'sweeper' })]);
    expect(moved.filter((m) => m.credited)).toHaveLength(1);
    expect(await pointState(db(), a.userId)).toMatchObject({ point: 1100, ledger: 1100 });
    // The credit itself run twice at once (a retry beside the first): the grant row lets one through.
    const b = await make();
    await Promise.all([db().transaction((tx) => creditPurchase(tx, b.payment, now)), db().transaction((tx) => creditPurchase(tx, b.payment, now))]);
    expect(await pointState(db(), b.userId)).toMatchObject({ point: 1100, ledger: 1100, lots: 1100 });
    expect(await campaignState(campaign.id)).toEqual({ remaining: '99800.00', grants: 2, points: 200, coins: '0' });
    await retire(campaign.id);
  });

  it('a budget of 700 points covers exactly 7 of 20 parallel purchases; the others get their points and no bonus', async () => {
    const campaign = await create({ budget: 700 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    await Promise.all(buyers.map((b) => buyByCard(b.client)));
    expect(await campaignState(campaign.id)).toEqual({ remaining: '0.00', grants: 7, points: 700, coins: '0' });
    const balances = await Promise.all(buyers.map(async (b) => (await pointState(db(), b.userId)).point));
    expect(balances.filter((p) => p === 1100)).toHaveLength(7);
    expect(balances.filter((p) => p === 1000)).toHaveLength(13);
    // Out of budget: the shop no longer says it runs (budget_left false, the banners hide it).
    expect((await t.shop.client().get('/user/campaigns')).body.campaigns).toMatchObject([{ kind: 'point_bonus', budget_left: false }]);
    expect((await t.support.get('/admin/campaigns')).body.campaigns).toEqual(expect.arrayContaining([expect.objectContaining({ id: campaign.id, status: 'exhausted' })]));
    await retire(campaign.id);
  });

  it('gives nothing to an order created outside the period, nor while paused', async () => {
    const later = await create({ starts_at: new Date(Date.now() + HOUR).toISOString(), ends_at: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect((await t.shop.client().get('/user/campaigns')).body.campaigns).toEqual([]);
    const early = await buyer();
    await buyByCard(early.client);
    expect((await pointState(db(), early.userId)).point).toBe(1000);
    await retire(later.id);

    const now = await create();
    const support = await t.support.post('/admin/campaigns/pause', { id: now.id, paused: true });
    expect(support.body.state).toBe(STATE.forbidden);
    expect((await t.owner.post('/admin/campaigns/pause', { id: now.id, paused: true })).body.campaign).toMatchObject({ status: 'paused' });
    expect((await t.shop.client().get('/user/campaigns')).body.campaigns).toEqual([]);
    const paused = await buyer();
    await buyByCard(paused.client);
    expect((await pointState(db(), paused.userId)).point).toBe(1000);
    expect(await campaignState(now.id)).toMatchObject({ remaining: '100000.00', grants: 0 });
    // Resumed: granted again; both changes audited.
    await t.owner.post('/admin/campaigns/pause', { id: now.id, paused: false });
    const resumed = await buyer();
    await buyByCard(resumed.client);
    expect((await pointState(db(), resumed.userId)).point).toBe(1100);
    const audit = await queryRows<{ action: string }>(db(), sql`select action from audit_log where target = ${`campaign:${now.id}`} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['campaigns.create', 'campaigns.pause', 'campaigns.resume']);
    await retire(now.id);
  });

  it('is taken back by a refund as the purchase’s points are, never more than is unspent', async () => {
    const campaign = await create();
    const full = await buyer();
    const fullId = await buyByCard(full.client);
    const res = await t.owner.post('/admin/payments/refund', { payment_id: fullId, amount: 1100, reason: '返金', request_id: `campaign-refund-${fullId}` });
    expect(res.body).toMatchObject({ state: STATE.ok, refund: { state: 'succeeded', points_taken: 1000 } });
    expect(await pointState(db(), full.userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
    const [back] = await queryRows<{ delta: number; free_delta: number }>(
      db(),
      sql`select delta, free_delta from point_ledger where user_id = ${full.userId} and reason = 'refund' and ref = ${`campaign:${campaign.id}`}`,
    );
    expect(back).toEqual({ delta: -100, free_delta: -100 });

    // Free points are spent first (decision 055): a member who spent 150 spent the 100 bonus
    // points and 50 paid ones; a half refund takes back 500 paid points and no bonus.
    const spent = await buyer();
    const spentId = await buyByCard(spent.client);
    await db().transaction((tx) => debitPoints(tx, { userId: spent.userId, amount: 150, reason: 'pack', memo: 'パック購入' }));
    await t.owner.post('/admin/payments/refund', { payment_id: spentId, amount: 550, reason: '一部返金', request_id: `campaign-refund-${spentId}` });
    expect(await pointState(db(), spent.userId)).toMatchObject({ point: 450, ledger: 450, lots: 450 });
    await retire(campaign.id);
  });
});

describe('a coin-back campaign', () => {
  it('doubles the rank coin-back with a coin row of its own, from a budget in coins', async () => {
    const campaign = await create({ kind: 'coinback_multiplier', percent: null, multiplier: 2, budget: '50.5', name: 'コインバック2倍', name_en: 'Double coin-back' });
    const { client } = await buyer({ rank: 'silver' });
    const paymentId = await buyByCard(client);
    const list = (await client.get('/user/coin/list/1')).body.list as Record<string, unknown>[];
    expect(list).toEqual([
      expect.objectContaining({ reason: 'campaign_coinback', bonusCoin: '11.00', history_id: null }),
      expect.objectContaining({ reason: 'coinback', bonusCoin: '11.00', history_id: paymentId }),
    ]);
    expect(list[0]?.memo).toBe('キャンペーン コインバック2倍（コインバック×2）');
    expect(await campaignState(campaign.id)).toEqual({ remaining: '39.50', grants: 1, points: 0, coins: '11.00' });
    // A member without coin-back gets no extra.
    const none = await buyer();
    await buyByCard(none.client);
    expect((await campaignState(campaign.id))?.grants).toBe(1);
    await retire(campaign.id);
  });
});

describe('the banner’s budget_left: the smallest grant a purchase on sale now could get still fits', () => {
  const shown = async () => (await t.shop.client().get('/user/campaigns')).body.campaigns as { kind: string; budget_left: boolean }[];
  const setRemaining = (id: number, remaining: string) => db().execute(sql`update campaigns set remaining = ${remaining}::numeric where id = ${id}`);

  it('point bonus: left while the smallest course’s bonus fits, not when only a part of it does; the purchase then indeed gets none', async () => {
    // Courses on sale: 1000 points (bonus 100 at 10 %) and 300 points (bonus 30).
    const cheap = await createTestCourse(db(), { point: 300, price: 330 });
    const campaign = await create({ budget: 1000 });
    await setRemaining(campaign.id, '30');
    expect(await shown()).toMatchObject([{ kind: 'point_bonus', budget_left: true }]);
    await setRemaining(campaign.id, '29');
    expect(await shown()).toMatchObject([{ kind: 'point_bonus', budget_left: false }]);
    // The cheap course off sale: the smallest bonus is 100, so 99 left is none left.
    await db().execute(sql`update point_courses set active = false where id = ${cheap}`);
    await setRemaining(campaign.id, '100');
    expect(await shown()).toMatchObject([{ kind: 'point_bonus', budget_left: true }]);
    await setRemaining(campaign.id, '99');
    expect(await shown()).toMatchObject([{ kind: 'point_bonus', budget_left: false }]);
    const { client, userId } = await buyer();
    await buyByCard(client);
    expect((await pointState(db(), userId)).point).toBe(1000);
    expect(await campaignState(campaign.id)).toMatchObject({ remaining: '99.00', grants: 0 });
    await retire(campaign.id);
  });

  it('coin-back: the cheapest course’s extra at the lowest positive rank rate', async () => {
    const [lowest] = await queryRows<{ rate: string }>(db(), sql`select min(coin_back_rate)::text as rate from ranks where coin_back_rate > 0`);
    expect(lowest?.rate).toBe('0.50');
    // The cheapest course on sale costs ¥1,100 (the ¥330 one went off sale above): 0.50 % of 1,100 = 5.50 coins, ×2 adds 5.50.
    const [cheapest] = await queryRows<{ price: number }>(db(), sql`select min(price)::int as price from point_courses where active and retired_at is null`);
    expect(cheapest?.price).toBe(1100);
    const campaign = await create({ kind: 'coinback_multiplier', percent: null, multiplier: 2, budget: '100', name: 'コインバック2倍', name_en: 'Double coin-back' });
    await setRemaining(campaign.id, '5.5');
    expect(await shown()).toMatchObject([{ kind: 'coinback_multiplier', budget_left: true }]);
    await setRemaining(campaign.id, '5.49');
    expect(await shown()).toMatchObject([{ kind: 'coinback_multiplier', budget_left: false }]);
    await retire(campaign.id);
  });
});

describe('the console', () => {
  it('validates a campaign in the operator’s language, refuses an overlap of the same kind, and lets only permitted roles write', async () => {
    const bad = await t.owner.post('/admin/campaigns/create', spec({ percent: 21, budget: '10.5' }));
    expect(bad.body.state).toBe(STATE.validation);
    expect(bad.body.errors.percent?.[0]).toBe('増量率は1〜20%で入力してください（景品表示法の総付景品の上限）。');
    const noMultiplier = await t.owner.post('/admin/campaigns/create', spec({ kind: 'coinback_multiplier', percent: null, multiplier: 4 }));
    expect(noMultiplier.body.errors.multiplier?.[0]).toBe('コインバックの倍率は2倍か3倍を選んでください。');
    const wholeBudget = await t.owner.post('/admin/campaigns/create', spec({ budget: '10.5' }));
    expect(wholeBudget.body.errors.budget?.[0]).toBe('ポイント増量の予算は整数のポイントで入力してください。');
    expect((await t.support.post('/admin/campaigns/create', spec())).body.state).toBe(STATE.forbidden);

    const first = await create();
    const overlap = await t.owner.post('/admin/campaigns/create', spec({ starts_at: new Date(Date.now() + 2 * HOUR).toISOString(), ends_at: new Date(Date.now() + 48 * HOUR).toISOString() }));
    expect(overlap.body.state).toBe(STATE.conflict);
    expect(overlap.body.errors.starts_at?.[0]).toContain('同じ種類のキャンペーン「秋の増量キャンペーン」と期間が重なっています');
    // Two creations at once: one wins.
    await retire(first.id);
    const raced = await Promise.all([t.owner.post('/admin/campaigns/create', spec()), t.owner.post('/admin/campaigns/create', spec())]);
    expect(raced.map((r) => r.body.state).sort()).toEqual([STATE.ok, STATE.conflict].sort());
    for (const r of raced) if (r.body.state === STATE.ok) await retire((r.body.campaign as { id: number }).id);
    // A coin-back one may run beside a point bonus.
    const coin = await create({ kind: 'coinback_multiplier', percent: null, multiplier: 3, budget: 1000 });
    expect(coin.status).toBe('active');
    await retire(coin.id);
  });
});
