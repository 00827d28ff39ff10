import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/run-command.ts';
import { testConfig } from '../../config.ts';
import { users } from '../../db/schema/users.ts';
import { formatDeadlineJst } from '../../lib/time.ts';
import { signIn } from '../../testing/members.ts';
import { buyer, createTestCourse, paymentRow, pointState } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { eq } from 'drizzle-orm';
import { dueAfterBusinessDays } from '../../kernel/business-days.ts';

let shop: TestShop;
let courseId: number;

beforeAll(async () => {
  shop = await openTestShop();
  courseId = await createTestCourse(shop.database.db, { point: 10000, price: 11000 });
});

afterAll(async () => {
  await shop?.close();
});

const ops = (...argv: string[]) => runCommand({ database: shop.database, config: testConfig() }, argv);

async function order(name = 'ヤマダ　ハナコ') {
  const member = await buyer(shop, courseId);
  const res = await member.client.post('/user/point/buy', { pay_id: 4, name });
  return { ...member, res, paymentId: res.body.payment_id as number };
}

async function mailOf(userId: number): Promise<string> {
  const [row] = await shop.database.db.select({ mail: users.mail }).from(users).where(eq(users.id, userId));
  return row!.mail;
}

describe('POST /api/user/point/buy by bank transfer (pay_id 4)', () => {
  it('needs the account holder name in full-width katakana, under name', async () => {
    const { client } = await buyer(shop, courseId);
    const cases: [string | undefined, string][] = [
      [undefined, '口座名義を入力してください。'],
      ['   ', '口座名義を入力してください。'],
      ['やまだ はなこ', '口座名義は全角カタカナで入力してください。'],
      ['山田花子', '口座名義は全角カタカナで入力してください。'],
      ['Yamada Hanako', '口座名義は全角カタカナで入力してください。'],
      ['ヤマダ1', '口座名義は全角カタカナで入力してください。'],
      ['ー'.repeat(41), '口座名義は40文字以内で入力してください。'],
    ];
    for (const [name, text] of cases) {
      const res = await client.post('/user/point/buy', { pay_id: 4, name });
      expect(res.body.state, String(name)).toBe(400);
      expect(res.body.errors.name, String(name)).toEqual([text]);
    }
    client.setLang('en');
    expect((await client.post('/user/point/buy', { pay_id: 4, name: 'やまだ' })).body.errors.name).toEqual([
      'Enter the account holder name in full-width katakana.',
    ]);
  });

  it('accepts katakana with the long-vowel mark and spaces, and folds half-width katakana', async () => {
    for (const [name, stored] of [
      ['ヤマダ　ハナコ', 'ヤマダ ハナコ'],
      ['ｻﾄｳ ﾀﾛｰ', 'サトウ タロー'],
      ['ヴァレンタイン', 'ヴァレンタイン'],
    ] as const) {
      const { res, paymentId } = await order(name);
      expect(res.body.state, name).toBe(200);
      expect((await paymentRow(shop.database.db, paymentId))?.payerName).toBe(stored);
    }
  });

  it('answers /bank-transfer-information and leaves the order pending for 3 business days', async () => {
    const before = new Date();
    const { res, paymentId, client, userId } = await order();
    expect(res.body).toMatchObject({ state: 200, result: '1', url: `/bank-transfer-information?payment_id=${paymentId}`, receipt_number: '' });
    const payment = await paymentRow(shop.database.db, paymentId);
    expect(payment).toMatchObject({ state: 'pending', amount: 11000 });
    expect(payment?.dueAt?.getTime()).toBe(dueAfterBusinessDays(before, 3).getTime());
    const bank = await client.get('/user/bank');
    expect(bank.body).toMatchObject({
      state: 200,
      bank: 'サンドボックス銀行 渋谷支店（店番号 001）',
      number: '普通 1234567',
      name: 'カ）オリパデモ',
      price: '11000',
      payment_id: paymentId,
      payer_name: 'ヤマダ ハナコ',
      due: formatDeadlineJst(payment!.dueAt!),
      payment_state: 'pending',
    });
    expect((await pointState(shop.database.db, userId)).point).toBe(0);
    expect((await client.get('/user/point/end')).body).toMatchObject({ result: '2', payment_state: 'pending' });
  });

  it('uses the configured bank account', async () => {
    const other = await openTestShop({ PAYMENT_BANK_NAME: 'みずほ銀行 本店', PAYMENT_BANK_NUMBER: '普通 7654321', PAYMENT_BANK_HOLDER: 'カ）オリパ' });
    try {
      const course = await createTestCourse(other.database.db);
      const { client } = await buyer(other, course);
      await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
      expect((await client.get('/user/bank')).body).toMatchObject({ bank: 'みずほ銀行 本店', number: '普通 7654321', name: 'カ）オリパ', price: '1100' });
    } finally {
      await other.close();
    }
  });
});

describe('ops payment:list and payment:confirm', () => {
  it('lists the transfer for the operator and credits it once when confirmed', async () => {
    const db = shop.database.db;
    const { paymentId, userId, client } = await order('スズキ イチロー');
    const mail = await mailOf(userId);
    const listed = await ops('payment:list', '--mail', mail, '--state', 'pending', '--method', '4');
    expect(listed.ok).toBe(true);
    expect(listed.message).toContain('payer スズキ イチロー');
    expect(listed.data.list).toEqual([
      expect.objectContaining({ id: paymentId, mail, pay_id: 4, method: 'Bank transfer', amount: 11000, point: 10000, state: 'pending', payer_name: 'スズキ イチロー' }),
    ]);

    const confirmed = await ops('payment:confirm', String(paymentId));
    expect(confirmed).toMatchObject({ ok: true, data: { id: paymentId, applied: true, state: 'succeeded' } });
    expect(await pointState(db, userId)).toEqual({ point: 10000, ledger: 10000, lots: 10000, purchases: 1, money: 11000 });
    const again = await ops('payment:confirm', String(paymentId));
    expect(again).toMatchObject({ ok: true, data: { applied: false } });
    expect(again.message).toContain('Nothing to do');
    expect((await pointState(db, userId)).point).toBe(10000);
    expect((await client.get('/user/point/end')).body).toMatchObject({ result: '1', payment_state: 'succeeded' });
    expect((await ops('payment:list', '--mail', mail, '--state', 'succeeded')).data.list).toHaveLength(1);
  });

  it('refuses what is not a pending bank transfer, with exit code 2', async () => {
    const card = await buyer(shop, courseId);
    const combini = await card.client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    const cases: [string[], string][] = [
      [['payment:confirm'], 'name the payment id'],
      [['payment:confirm', 'abc'], 'name the payment id'],
      [['payment:confirm', '999999'], 'No payment 999999'],
      [['payment:confirm', String(combini.body.payment_id)], 'only bank transfers are confirmed by operators'],
      [['payment:list', '--state', 'paid'], '--state must be one of'],
      [['payment:list', '--method', '7'], '--method must be a payment id'],
      [['payment:list', '--limit', '0'], '--limit must be 1 to 1000'],
    ];
    for (const [argv, text] of cases) {
      const out = await ops(...argv);
      expect(out.exitCode, argv.join(' ')).toBe(2);
      expect(String(out.data.error), argv.join(' ')).toContain(text);
    }
  });

  it('is listed in help', async () => {
    const help = (await ops('help')).message;
    expect(help).toContain('payment:list [--mail ADDRESS] [--state STATE]');
    expect(help).toContain('payment:confirm ID [--late]');
  });
});

describe('expiry of bank transfers', () => {
  it('expires an unconfirmed transfer after its deadline; confirming then needs --late and credits once', async () => {
    const db = shop.database.db;
    const { paymentId, userId, client } = await order();
    const due = (await paymentRow(db, paymentId))!.dueAt!;
    await ops('jobs', '--now', new Date(due.getTime() - 1000).toISOString());
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'pending' });
    await ops('jobs', '--now', new Date(due.getTime() + 1000).toISOString());
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'expired' });
    expect((await pointState(db, userId)).point).toBe(0);

    const refused = await ops('payment:confirm', String(paymentId));
    expect(refused.exitCode).toBe(2);
    expect(String(refused.data.error)).toContain('confirm it with --late');
    const late = await ops('payment:confirm', String(paymentId), '--late');
    expect(late).toMatchObject({ ok: true, data: { applied: true, state: 'succeeded' } });
    await ops('payment:confirm', String(paymentId), '--late');
    expect(await pointState(db, userId)).toMatchObject({ point: 10000, purchases: 1 });
    await signIn(db, client, userId);
    expect((await client.get('/user/bank')).body).toMatchObject({ payment_state: 'succeeded' });
  });
});
