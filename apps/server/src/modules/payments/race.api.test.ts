import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayTransactions } from '../../db/schema/payments.ts';
import { sweep } from '../../jobs/sweeper.ts';
import {
  browserGet,
  browserPost,
  buyer,
  cardToken,
  createTestCourse,
  decideOnPage,
  pathOf,
  paymentRow,
  pointState,
} from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';
import { CLI_ACTOR } from '../audit/audit.service.ts';
import { confirmBankTransfer } from './bank-transfer.service.ts';
import { notificationBody } from './sandbox/sandbox-provider.ts';
import { THREE_D_SECURE_CARD } from './sandbox/test-cards.ts';

/**
 * Every way of finishing a payment, replayed and raced: however many requests, notifications
 * and sweeps arrive at once, a payment is credited once and balance = ledger = open lots.
 */

let shop: TestShop;
let courseId: number;

beforeAll(async () => {
  shop = await openTestShop();
  courseId = await createTestCourse(shop.database.db, { point: 1500, price: 1650 });
});

afterAll(async () => {
  await shop?.close();
});

async function notification(paymentId: number) {
  const db = shop.database.db;
  const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
  return notificationBody(db, tx!, new Date());
}

const once = { point: 1500, ledger: 1500, lots: 1500, purchases: 1, money: 1650 };

describe('replays credit once (every engine)', () => {
  it('a wallet: append, point/end, notification and the consent button again and again', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 12 });
    const paymentId = res.body.payment_id as number;
    await decideOnPage(shop.app, String(res.body.url), 'approve');
    const body = await notification(paymentId);
    for (let i = 0; i < 3; i += 1) {
      await client.post('/user/point/append', { token: paymentId });
      await client.get('/user/point/end');
      await browserPost(shop.app, '/api/payment/notify/sandbox', body);
      await browserPost(shop.app, pathOf(String(res.body.url)), { decision: 'approve' });
    }
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });
});

describe.runIf(testEngine() === 'postgres')('racing completions on PostgreSQL', () => {
  it('20 appends at once after approval credit once', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 5 });
    await shop.database.db
      .update(sandboxPayTransactions)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPayTransactions.orderId, String(res.body.payment_id)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/user/point/append', { token: res.body.payment_id })));
    expect(answers.every((a) => a.body.state === 200 && a.body.result === '1')).toBe(true);
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });

  it('3-D Secure: returns, gmo_result calls and notifications racing credit once', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, THREE_D_SECURE_CARD) });
    const paymentId = res.body.payment_id as number;
    const ref = new URL(String(res.body.url), 'http://localhost').searchParams.get('ref') ?? '';
    // The challenge is approved at the provider; nothing has told the shop yet.
    await shop.database.db.update(sandboxPayTransactions).set({ status: 'succeeded' }).where(eq(sandboxPayTransactions.id, ref));
    const body = await notification(paymentId);
    const returns = await Promise.all([
      ...Array.from({ length: 10 }, () => browserGet(shop.app, `/api/payment/return?payment_id=${paymentId}`, client)),
      ...Array.from({ length: 10 }, () => client.post('/user/gmo_result', { id: paymentId, pay_type: 1 })),
      ...Array.from({ length: 10 }, () => browserPost(shop.app, '/api/payment/notify/sandbox', body)),
    ]);
    expect(returns).toHaveLength(30);
    expect(await pointState(shop.database.db, userId)).toEqual(once);
    expect((await paymentRow(shop.database.db, paymentId))?.state).toBe('succeeded');
  });

  it('a slip paid by ten clicks at once, with notification replays, credits once', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'econ' });
    const slip = await client.get('/user/point/combini_number');
    const payUrl = `${pathOf(String(slip.body.url)).split('?')[0]}/pay`;
    await Promise.all(Array.from({ length: 10 }, () => browserPost(shop.app, payUrl, {})));
    const body = await notification(res.body.payment_id as number);
    await Promise.all(Array.from({ length: 10 }, () => browserPost(shop.app, '/api/payment/notify/sandbox', body)));
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });

  it('a double click with one card token makes one payment succeed', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const token = await cardToken(shop.app, '4111111111111111');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/user/point/buy', { pay_id: 1, token })));
    expect(answers.filter((a) => a.body.result === '1')).toHaveLength(1);
    expect(answers.filter((a) => a.body.state === 400)).toHaveLength(9);
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });

  it('operators confirming one transfer ten times at once credit once', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => confirmBankTransfer(shop.database.db, res.body.payment_id as number, { actor: CLI_ACTOR })));
    expect(outcomes.filter((o) => o.kind === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'already')).toHaveLength(9);
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });

  it('the sweeper cancelling abandoned payments while members approve them: each ends once, shop and provider agree', async () => {
    const db = shop.database.db;
    const members = await Promise.all(Array.from({ length: 8 }, () => buyer(shop, courseId)));
    const orders = await Promise.all(members.map((m) => m.client.post('/user/point/buy', { pay_id: 12 })));
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await Promise.all([
      sweep(db, later),
      ...orders.map(async (o, i) => {
        await browserPost(shop.app, pathOf(String(o.body.url)), { decision: 'approve' });
        await members[i]!.client.post('/user/point/append', { token: o.body.payment_id });
      }),
      sweep(db, later),
    ]);
    for (const [i, o] of orders.entries()) {
      const payment = await paymentRow(db, o.body.payment_id as number);
      const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(payment!.id)));
      expect(['succeeded', 'canceled']).toContain(payment!.state);
      expect(tx?.status).toBe(payment!.state);
      const state = await pointState(db, members[i]!.userId);
      expect(state).toEqual(payment!.state === 'succeeded' ? once : { point: 0, ledger: 0, lots: 0, purchases: 0, money: 0 });
    }
  });
});
