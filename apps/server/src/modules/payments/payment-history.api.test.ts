import { STATE } from '@oripa/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/run-command.ts';
import { testConfig } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { ranks } from '../../db/schema/catalog.ts';
import { coinLedger } from '../../db/schema/wallet.ts';
import { paymentEvents } from '../../db/schema/payment-events.ts';
import { payments, sandboxPayTransactions } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { markVerified, registerThroughApi, registrationInput } from '../../testing/accounts.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { browserPost, buyer, cardToken, createTestCourse, decideOnPage, pointState } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { testEngine } from '../../testing/test-database.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { notificationBody } from './sandbox/sandbox-provider.ts';
import { SUCCESS_CARDS } from './sandbox/test-cards.ts';

/**
 * Issue 12, part 4: a payment's whole history (one event per change, written with the change)
 * and money received outside the site recorded by an owner or `ops payment:record`, credited
 * as a paid point purchase once per reference.
 */

let shop: TestShop;
let owner: TestClient;
let ownerMail: string;
let support: TestClient;
let courseId: number;
const db = () => shop.database.db;

/** Signs the owner and support in (again: a sweep days ahead ends console sessions). */
async function signInOperators(): Promise<void> {
  const op = await createTestOperator(db(), 'owner');
  ownerMail = op.mail;
  owner = shop.client();
  await signInOperator(db(), owner, op.id);
  support = shop.client();
  await signInOperator(db(), support, (await createTestOperator(db(), 'support')).id);
}

beforeAll(async () => {
  shop = await openTestShop();
  await signInOperators();
  courseId = await createTestCourse(db(), { point: 1000, price: 1100 });
});

afterAll(async () => {
  await shop?.close();
});

const ops = (...argv: string[]) => runCommand({ database: shop.database, config: testConfig() }, argv);

type Event = { kind: string; state: string; source: string; actor: string; detail: Record<string, unknown> };
async function history(id: number, client = support): Promise<Event[]> {
  const res = await client.get(`/admin/payments/${id}`);
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.events as Event[];
}
const kinds = (events: Event[]) => events.map((e) => `${e.kind}/${e.state}/${e.source}`);

async function mailOf(userId: number): Promise<string> {
  const [row] = await db().select({ mail: users.mail }).from(users).where(eq(users.id, userId));
  return row!.mail;
}

describe('GET /api/admin/payments/:id: the payment’s history', () => {
  it('a card paid at once: created, then succeeded with the points credited', async () => {
    const { client } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, SUCCESS_CARDS[0]) });
    const events = await history(res.body.payment_id as number);
    expect(kinds(events)).toEqual(['created/pending/member', 'succeeded/succeeded/member']);
    expect(events[1]!.detail).toMatchObject({ point: 1000, amount: 1100 });
    const detail = await support.get(`/admin/payments/${res.body.payment_id as number}`);
    expect(detail.body.payment).toMatchObject({ id: res.body.payment_id, state: 'succeeded', course_id: courseId, pay_id: 1 });
  });

  it('a wallet: waiting at the provider, a notification, then completed by the member’s return; replays add nothing', async () => {
    const { client } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 12 });
    const paymentId = res.body.payment_id as number;
    await decideOnPage(shop.app, String(res.body.url), 'approve');
    const [tx] = await db().select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const body = await notificationBody(db(), tx!, new Date());
    await browserPost(shop.app, '/api/payment/notify/sandbox', body);
    await client.post('/user/point/append', { token: paymentId });
    await client.get('/user/point/end');
    const events = await history(paymentId);
    expect(kinds(events).slice(0, 2)).toEqual(['created/pending/member', 'requires_action/requires_action/member']);
    // Whoever finished first, the notification is on record and exactly one success.
    // (the sandbox notifies on its own when the member approves, and the test once more).
    expect(events.filter((e) => e.kind === 'notified').length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.kind === 'notified').every((e) => e.source === 'notification')).toBe(true);
    expect(events.filter((e) => e.kind === 'succeeded')).toHaveLength(1);
    expect(events.at(-1)!.state).toBe('succeeded');
  });

  it('a bank transfer confirmed by the owner names the operator; one cancelled past its deadline too; a slip expires by the sweeper', async () => {
    const { client } = await buyer(shop, courseId);
    const bank = (await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' })).body.payment_id as number;
    expect((await owner.post('/admin/payments/confirm', { payment_id: bank })).body.applied).toBe(true);
    const confirmed = await history(bank);
    // The provider's answer (the transfer's deadline and reference) is the second event.
    expect(kinds(confirmed)).toEqual(['created/pending/member', 'pending/pending/member', 'confirmed/succeeded/operator']);
    expect(confirmed[2]).toMatchObject({ actor: ownerMail, detail: { late: false, point: 1000 } });

    const overdue = (await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' })).body.payment_id as number;
    await db().update(payments).set({ dueAt: new Date(Date.now() - 60_000) }).where(eq(payments.id, overdue));
    expect((await owner.post('/admin/payments/cancel', { payment_id: overdue })).body.applied).toBe(true);
    expect((await history(overdue)).at(-1)).toMatchObject({ kind: 'canceled', state: 'canceled', source: 'operator', actor: ownerMail });

    const slip = (await client.post('/user/point/buy', { pay_id: 2, combini_code: 'econ' })).body.payment_id as number;
    await sweep(db(), new Date(Date.now() + 5 * 86_400_000));
    await signInOperators();
    const slipEvents = await history(slip);
    expect(slipEvents.at(-1)).toMatchObject({ kind: 'expired', state: 'expired', source: 'sweeper', actor: '' });
    expect(kinds(slipEvents)[0]).toBe('created/pending/member');
  });

  it('ops payment:confirm is on record as the command line', async () => {
    const { client } = await buyer(shop, courseId);
    const bank = (await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' })).body.payment_id as number;
    expect((await ops('payment:confirm', String(bank))).ok).toBe(true);
    expect((await history(bank)).at(-1)).toMatchObject({ kind: 'confirmed', source: 'cli', actor: 'cli' });
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `payment:${bank}`))).toMatchObject([{ action: 'payment.confirm', actor: 'cli' }]);
  });

  it('is append-only in the database', async () => {
    const { client } = await buyer(shop, courseId);
    const id = (await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' })).body.payment_id as number;
    await expect(db().update(paymentEvents).set({ kind: 'recorded' }).where(eq(paymentEvents.paymentId, id))).rejects.toThrow();
    await expect(db().delete(paymentEvents).where(eq(paymentEvents.paymentId, id))).rejects.toThrow();
    expect(kinds(await history(id))).toEqual(['created/pending/member', 'pending/pending/member']);
  });

  it('answers 404 for a payment that does not exist, and refuses a bad id', async () => {
    expect((await support.get('/admin/payments/2147483647')).body.state).toBe(STATE.notFound);
    expect((await support.get('/admin/payments/abc')).body.state).toBe(STATE.validation);
  });
});

describe('POST /api/admin/payments/record: money received outside the site', () => {
  it('credits a course as a paid purchase: ledger with the yen, a lot expiring in 6 months, point history, audited, once per reference', async () => {
    const userId = await createTestMember(db());
    const member = shop.client();
    await signIn(db(), member, userId);
    const payload = { user_id: userId, course_id: courseId, method: 'cash', reference: 'R-2026-0001' };
    const first = await owner.post('/admin/payments/record', payload);
    expect(first.body).toMatchObject({ state: STATE.ok, applied: true, payment: { state: 'succeeded', point: 1000, amount: 1100, pay_id: 0, provider_ref: 'R-2026-0001', option: 'cash' } });
    const again = await owner.post('/admin/payments/record', payload);
    expect(again.body).toMatchObject({ state: STATE.ok, applied: false, payment: { id: (first.body.payment as { id: number }).id } });
    expect(await pointState(db(), userId)).toEqual({ point: 1000, ledger: 1000, lots: 1000, purchases: 1, money: 1100 });
    const [lot] = await queryRows<{ months: number }>(db(), sql`select extract(month from age(expires_at, granted_at))::int as months from point_lots where user_id = ${userId}`);
    expect(lot?.months).toBe(6);

    const list = await member.get('/user/point/list/1');
    expect(list.body.list).toEqual([expect.objectContaining({ reason: 'purchase', bonusPoint: 1000, money: 1100, memo: 'ポイント購入（現金（サイト外））' })]);
    const events = await history((first.body.payment as { id: number }).id);
    expect(events).toEqual([expect.objectContaining({ kind: 'recorded', state: 'succeeded', source: 'operator', actor: ownerMail, detail: { method: 'cash', reference: 'R-2026-0001', point: 1000, amount: 1100 } })]);
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `payment:${(first.body.payment as { id: number }).id}`))).toMatchObject([{ action: 'payment.record', actor: ownerMail }]);
    // It shows in the console's payment search like any other payment, under its own method.
    const found = await support.get(`/admin/payments?member=${userId}&method=0`);
    expect((found.body.payments as { id: number }[]).map((p) => p.id)).toEqual([(first.body.payment as { id: number }).id]);
  });

  it('takes points and yen of the operator’s, and refuses the reference for another member or amount', async () => {
    const a = await createTestMember(db());
    const b = await createTestMember(db());
    const ok = await owner.post('/admin/payments/record', { user_id: a, points: 3000, yen: 3000, method: 'bank', reference: 'BANK-77' });
    expect(ok.body).toMatchObject({ applied: true, payment: { point: 3000, amount: 3000 } });
    const other = await owner.post('/admin/payments/record', { user_id: b, points: 3000, yen: 3000, method: 'bank', reference: 'BANK-77' });
    expect(other.body.state).toBe(STATE.conflict);
    expect(other.body.errors.reference).toEqual([`この受付番号は別の入金（決済 #${(ok.body.payment as { id: number }).id}）ですでに記録されています。`]);
    const more = await owner.post('/admin/payments/record', { user_id: a, points: 5000, yen: 5000, method: 'bank', reference: 'BANK-77' });
    expect(more.body.state).toBe(STATE.conflict);
    expect((await pointState(db(), a)).point).toBe(3000);
    expect((await pointState(db(), b)).point).toBe(0);
  });

  it('counts as the member’s payment: their referral code becomes usable, and the rank’s coin-back is given', async () => {
    const referrer = await registerThroughApi(db(), shop.client());
    await markVerified(db(), referrer.userId);
    const code = referrer.row.referralCode;
    const friend = shop.client();
    await friend.get('/user/point');
    expect((await friend.post('/user/append', registrationInput({ referralCode: code }))).body.errors.referralCode).toBeDefined();
    // A rank with a 2% coin-back for the referrer.
    const [rank] = await db().insert(ranks).values({ code: `cb${referrer.userId}`, name: 'テスト', nameEn: 'Test', sort: 900, coinBackRate: '2.00' }).returning({ id: ranks.id });
    await db().update(users).set({ rankId: rank!.id }).where(eq(users.id, referrer.userId));
    const recorded = await owner.post('/admin/payments/record', { user_id: referrer.userId, points: 1000, yen: 1000, method: 'cash', reference: `REF-${referrer.userId}` });
    expect(recorded.body.applied).toBe(true);
    expect((await friend.post('/user/append', registrationInput({ referralCode: code }))).body.state).toBe(STATE.ok);
    const coinback = await db().select().from(coinLedger).where(and(eq(coinLedger.userId, referrer.userId), eq(coinLedger.reason, 'coinback')));
    expect(coinback.map((r) => [r.delta, r.ref])).toEqual([['20.00', `payment:${(recorded.body.payment as { id: number }).id}`]]);
  });

  it('refuses bad input under the fields, in the operator’s language, and support', async () => {
    const userId = await createTestMember(db());
    const bad = await owner.post('/admin/payments/record', { user_id: userId, points: 0, method: 'gold', reference: '' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['method', 'points', 'reference']);
    const both = await owner.post('/admin/payments/record', { user_id: userId, course_id: courseId, points: 10, yen: 10, method: 'cash', reference: 'X' });
    expect(both.body.errors.course_id).toEqual(['ポイントコースを選ぶか、ポイントと金額の両方を入力してください（どちらか一方）。']);
    owner.setLang('en');
    const half = await owner.post('/admin/payments/record', { user_id: userId, points: 10, method: 'cash', reference: 'X' });
    expect(half.body.errors.yen).toEqual(['Choose a point course, or enter both the points and the yen (one or the other).']);
    owner.setLang('ja');
    expect((await owner.post('/admin/payments/record', { user_id: 2147483647, points: 1, yen: 1, method: 'cash', reference: 'X' })).body.state).toBe(STATE.notFound);
    expect((await owner.post('/admin/payments/record', { user_id: userId, course_id: 2147483647, method: 'cash', reference: 'X' })).body.state).toBe(STATE.notFound);
    expect((await support.post('/admin/payments/record', { user_id: userId, points: 1, yen: 1, method: 'cash', reference: 'S' })).body.state).toBe(STATE.forbidden);
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it('lists the active courses for the form', async () => {
    const res = await support.get('/admin/payments/courses');
    expect(res.body.courses).toEqual(expect.arrayContaining([{ id: courseId, point: 1000, price: 1100, memo: 'テスト' }]));
  });
});

describe('ops payment:record', () => {
  it('records through the same service, once per reference; exit code 2 on bad input', async () => {
    const userId = await createTestMember(db());
    const mail = await mailOf(userId);
    const first = await ops('payment:record', '--mail', mail, '--points', '2000', '--yen', '2200', '--reference', 'CLI-1', '--method', 'bank');
    expect(first).toMatchObject({ ok: true, exitCode: 0, data: { applied: true, point: 2000, amount: 2200, method: 'bank', reference: 'CLI-1' } });
    const again = await ops('payment:record', '--mail', mail, '--points', '2000', '--yen', '2200', '--reference', 'CLI-1', '--method', 'bank');
    expect(again).toMatchObject({ ok: true, data: { applied: false, payment_id: first.data.payment_id } });
    expect(again.message).toContain('no second credit');
    expect((await pointState(db(), userId)).point).toBe(2000);
    expect((await history(first.data.payment_id as number))[0]).toMatchObject({ kind: 'recorded', source: 'cli', actor: 'cli' });

    const cases: [string[], string][] = [
      [['--points', '10', '--yen', '10', '--reference', 'C2'], '--mail is required'],
      [['--mail', 'nobody@example.com', '--points', '10', '--yen', '10', '--reference', 'C2'], 'no member has the address'],
      [['--mail', mail, '--points', 'ten', '--yen', '10', '--reference', 'C2'], '--points: Enter a whole number from 1 to 10,000,000.'],
      [['--mail', mail, '--points', '10', '--reference', 'C2'], '--yen: Choose a point course'],
      [['--mail', mail, '--points', '10', '--yen', '10', '--reference', 'C2', '--method', 'gold'], '--method'],
      [['--mail', mail, '--points', '10', '--yen', '10'], '--reference is required'],
      [['--mail', mail, '--points', '5', '--yen', '5', '--reference', 'CLI-1'], '--reference: This reference was recorded for another payment'],
    ];
    for (const [argv, text] of cases) {
      const out = await ops('payment:record', ...argv);
      expect(out.exitCode, argv.join(' ')).toBe(2);
      expect(out.message, argv.join(' ')).toContain(text);
    }
    expect((await pointState(db(), userId)).point).toBe(2000);
  });
});

describe.runIf(testEngine() === 'postgres')('outside payments under concurrency (PostgreSQL)', () => {
  it('20 parallel submits of one reference, from the console and the command line, credit once', async () => {
    const userId = await createTestMember(db());
    const mail = await mailOf(userId);
    const payload = { user_id: userId, points: 500, yen: 550, method: 'cash', reference: 'RACE-1' };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => owner.post('/admin/payments/record', payload)),
      ...Array.from({ length: 10 }, () => ops('payment:record', '--mail', mail, '--points', '500', '--yen', '550', '--method', 'cash', '--reference', 'RACE-1')),
    ]);
    const applied = answers.map((a) => ('body' in a ? (a.body.applied as boolean) : (a.data.applied as boolean)));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await pointState(db(), userId)).toEqual({ point: 500, ledger: 500, lots: 500, purchases: 1, money: 550 });
    const rows = await db().select().from(payments).where(and(eq(payments.provider, 'outside'), eq(payments.providerRef, 'RACE-1')));
    expect(rows).toHaveLength(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, rows[0]!.id))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `payment:${rows[0]!.id}`))).toHaveLength(1);
  });
});
