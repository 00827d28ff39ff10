import { and, eq } from 'drizzle-orm';
import { MAIL_KIND, OPTIONAL_MAIL_KINDS } from '@oripa/contract/mail-kinds';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { registerThroughApi } from '../../testing/accounts.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { enqueueDueReminders, mailSite } from './mail-delivery.ts';
import { enqueueMail } from './mail-outbox.ts';
import { deliverDueMail, smtpTransport, type MailTransport } from './mail-worker.ts';

let shop: TestShop;
const site = mailSite(testConfig());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

function mailsOf(userId: number, kind?: string) {
  return db()
    .select()
    .from(outbox)
    .where(
      kind
        ? and(eq(outbox.userId, userId), eq(outbox.kind, kind))
        : and(eq(outbox.userId, userId), eq(outbox.channel, 'mail')),
    )
    .orderBy(outbox.id);
}

/** Renders what is due and keeps it in the outbox (no SMTP), far in the future so all is due. */
function keepAll() {
  return deliverDueMail(db(), undefined, new Date(Date.now() + 365 * DAY), site);
}

async function buyPack(client: TestClient, packId: number, count: number) {
  await client.get(`/user/pack/detail/${packId}`);
  const check = await client.post('/user/pack/check', { count });
  expect(check.body.state).toBe(200);
  const bought = await client.post('/user/pack/buy');
  expect(bought.body.state).toBe(200);
  return bought;
}

describe("mails of member events, in the member's language, once per event", () => {
  it('welcomes a new member in the language they registered in, once', async () => {
    const client = shop.client();
    client.setLang('en');
    const { userId } = await registerThroughApi(db(), client);
    await keepAll();
    const [welcome, ...rest] = await mailsOf(userId, MAIL_KIND.welcome);
    expect(rest).toHaveLength(0);
    expect(welcome).toMatchObject({ lang: 'en', state: 'kept', subject: '[Oripa] Welcome to Oripa' });
    expect(welcome?.body).toContain('Your Oripa account is ready.');
    expect(welcome?.html).toContain('<html lang="en">');
    // The same event again (a replay) adds nothing.
    expect(
      await enqueueMail(db(), { userId, kind: MAIL_KIND.welcome, key: `user:${userId}`, data: {} }),
    ).toBe(false);
  });

  it('tells of a password change, in Japanese for a Japanese member', async () => {
    const client = shop.client();
    const { userId } = await registerThroughApi(db(), client);
    const res = await client.post('/user/change_password', { pass: 'newpass123', confirmPass: 'newpass123' });
    expect(res.body.state).toBe(200);
    await keepAll();
    const mails = await mailsOf(userId, MAIL_KIND.passwordChanged);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: 'ja', subject: '【オリパ】パスワードが変更されました' });
  });

  it('sends the receipt of a card payment with the 特定商取引法 items, once', async () => {
    const courseId = await createTestCourse(db(), { point: 3000, price: 3300 });
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      token: await cardToken(shop.app, '4111111111111111'),
    });
    expect(res.body.state).toBe(200);
    await keepAll();
    const receipts = await mailsOf(userId, MAIL_KIND.pointReceipt);
    expect(receipts).toHaveLength(1);
    const text = receipts[0]?.body ?? '';
    for (const item of [
      '販売事業者: 株式会社オリパ・デモ',
      '販売価格（税込）: 3,300円',
      '10%対象（税込）: 3,300円',
      'うち消費税（10%）: 300円',
      '登録番号: （登録申請中）',
      '数量: 1',
      'お支払い方法: クレジットカード',
      'お支払い日時:',
      '電話番号: 03-0000-0000',
      'お問い合わせ: support@oripa.example',
    ]) {
      expect(text).toContain(item);
    }
    expect(receipts[0]?.html).toContain(
      '<th align="left" style="padding:4px 12px 4px 0">販売価格（税込）</th><td>3,300円</td>',
    );
  });

  it('shows a course-discount coupon on the receipt mail as the web receipt does: course price, discount with its code, amount paid (ja and en)', async () => {
    const owner = shop.client();
    await signInOperator(db(), owner, (await createTestOperator(db(), 'owner')).id);
    const created = await owner.post('/admin/coupons/create', {
      code: 'MAILOFF',
      name: '割引',
      kind: 'yen_off',
      discount_yen: 200,
      budget: 10_000,
      per_member_limit: 1,
      starts_at: new Date(Date.now() - DAY).toISOString(),
      ends_at: new Date(Date.now() + DAY).toISOString(),
    });
    expect(created.body.state, JSON.stringify(created.body.errors)).toBe(200);
    const courseId = await createTestCourse(db(), { point: 2000, price: 2200 });
    const bodies: Record<string, string> = {};
    for (const lang of ['ja', 'en'] as const) {
      const { client, userId } = await buyer(shop, courseId);
      await db().update(users).set({ lang }).where(eq(users.id, userId));
      const res = await client.post('/user/point/buy', {
        pay_id: 1,
        point_price_id: courseId,
        token: await cardToken(shop.app, '4111111111111111'),
        coupon_code: 'mailoff',
      });
      expect(res.body.state, JSON.stringify(res.body.errors)).toBe(200);
      const web = await client.get(`/user/point/receipt/${res.body.payment_id as number}`);
      expect(web.body.receipt).toMatchObject({ amount: 2000, discount_yen: 200, coupon_code: 'MAILOFF' });
      await keepAll();
      const [mail, ...more] = await mailsOf(userId, MAIL_KIND.pointReceipt);
      expect(more).toHaveLength(0);
      bodies[lang] = mail?.body ?? '';
      const discountCell = lang === 'en' ? 'Coupon discount (MAILOFF)</th><td>−JPY 200</td>' : 'クーポン割引（MAILOFF）</th><td>−200円</td>';
      expect(mail?.html).toContain(discountCell);
    }
    for (const item of ['コース価格（税込）: 2,200円', 'クーポン割引（MAILOFF）: −200円', '販売価格（税込）: 2,000円', '10%対象（税込）: 2,000円']) {
      expect(bodies.ja).toContain(item);
    }
    for (const item of ['Course price (tax included): JPY 2,200', 'Coupon discount (MAILOFF): −JPY 200', 'Price (tax included): JPY 2,000']) {
      expect(bodies.en).toContain(item);
    }
    // Without a coupon, no discount lines (the card receipt test above buys at the course's price).
    const { client, userId } = await buyer(shop, courseId);
    await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, '4111111111111111') });
    await keepAll();
    const [plain] = await mailsOf(userId, MAIL_KIND.pointReceipt);
    expect(plain?.body).toContain('販売価格（税込）: 2,200円');
    expect(plain?.body).not.toContain('クーポン割引');
    expect(plain?.body).not.toContain('コース価格');
  });

  it('sends convenience-store instructions once, and a reminder the day before the deadline', async () => {
    const courseId = await createTestCourse(db(), { point: 5000, price: 5500 });
    const { client, userId } = await buyer(shop, courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect(res.body.state).toBe(200);
    const now = new Date();
    await enqueueDueReminders(db(), now);
    await enqueueDueReminders(db(), now);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, res.body.payment_id as number));
    expect(await mailsOf(userId, MAIL_KIND.paymentReminder)).toHaveLength(0);
    // 12 hours before the deadline: the reminder, once however often the sweeper runs.
    const late = new Date(payment!.dueAt!.getTime() - 12 * 60 * 60 * 1000);
    await enqueueDueReminders(db(), late);
    await enqueueDueReminders(db(), late);
    await keepAll();
    const [instructions, ...moreInstructions] = await mailsOf(userId, MAIL_KIND.paymentInstructions);
    expect(moreInstructions).toHaveLength(0);
    expect(instructions?.body).toContain(`受付番号: ${String(res.body.receipt_number)}`);
    expect(instructions?.body).toContain('お支払い金額（税込）: 5,500円');
    expect(await mailsOf(userId, MAIL_KIND.paymentReminder)).toHaveLength(1);
  });

  it('sends bank transfer instructions with the payer name, in English for an English member', async () => {
    const courseId = await createTestCourse(db(), { point: 1000, price: 1100 });
    const { client, userId } = await buyer(shop, courseId);
    await db().update(users).set({ lang: 'en' }).where(eq(users.id, userId));
    const res = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ ハナコ' });
    expect(res.body.state).toBe(200);
    await enqueueDueReminders(db(), new Date());
    await keepAll();
    const [instructions, ...more] = await mailsOf(userId, MAIL_KIND.paymentInstructions);
    expect(more).toHaveLength(0);
    expect(instructions).toMatchObject({ lang: 'en', subject: '[Oripa] How to complete your payment' });
    expect(instructions?.body).toContain('Transfer from (account name): ヤマダ ハナコ');
    expect(instructions?.body).toContain('Amount (tax included): JPY 1,100');
    expect(instructions?.body).toContain('Seller: Oripa Demo Co., Ltd.');
  });

  it('summarises a pack purchase and the decision on its cards, escaping HTML', async () => {
    const packId = await createTestPack(db(), { price: 100 });
    const userId = await createTestMember(db());
    await fund(db(), userId, { points: 1000 });
    const client = shop.client();
    await signIn(db(), client, userId);
    await buyPack(client, packId, 2);
    await keepAll();
    const [summary, ...more] = await mailsOf(userId, MAIL_KIND.packSummary);
    expect(more).toHaveLength(0);
    expect(summary?.body).toContain('購入数: 2');
    expect(summary?.body).toContain('お支払い: 200ポイント');
    // The link leads to the card choice of this purchase (there is no /history page).
    const purchaseId = (await client.get('/user/pack/buy_result')).body.pack_history_id as number;
    expect(summary?.body).toContain(`カードの発送・変換を選ぶ: `);
    expect(summary?.body).toContain(`/get-card-list?packHistoryId=${purchaseId}`);
    expect(summary?.body).not.toContain('/history');

    const result = await client.get('/user/pack/buy_result');
    const cards = result.body.cards as { history_id: number }[];
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    const decided = await client.post('/user/pack/decision', {
      send_card: [first?.history_id],
      reduction_card: [second?.history_id],
    });
    expect(decided.body.state).toBe(200);
    await client.post('/user/pack/decision', {
      send_card: [first?.history_id],
      reduction_card: [second?.history_id],
    });
    await keepAll();
    const decisions = await mailsOf(userId, MAIL_KIND.decisionSummary);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.body).toContain('発送するカード: 1');
    expect(decisions[0]?.body).toContain('ポイントに変換したカード: 1');

    await enqueueMail(db(), {
      userId,
      kind: MAIL_KIND.packSummary,
      key: 'test:html',
      data: {
        purchaseId: 1,
        packName: '<script>alert(1)</script>',
        count: 1,
        total: '1',
        currency: 'points',
        cards: 1,
      },
    });
    await keepAll();
    const [escaped] = (await mailsOf(userId, MAIL_KIND.packSummary)).filter(
      (m) => m.eventKey === 'test:html',
    );
    expect(escaped?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escaped?.html).not.toContain('<script>');
    expect(escaped?.body).toContain('<script>alert(1)</script>');
  });

  it('reminds of expiring points 30 and 7 days before, once each', async () => {
    const userId = await createTestMember(db());
    await fund(db(), userId, { points: 700 });
    // The test's points are an operator grant: free points, which lapse after 90 days (decision 055).
    const expiry = new Date(Date.now() + 90 * DAY);
    const lots = await db().query.pointLots.findMany({ where: (l, { eq: is }) => is(l.userId, userId) });
    const expiresAt = lots[0]!.expiresAt;
    expect(Math.abs(expiresAt.getTime() - expiry.getTime())).toBeLessThan(10 * DAY);
    for (const daysBefore of [40, 29, 25, 20, 6, 3])
      await enqueueDueReminders(db(), new Date(expiresAt.getTime() - daysBefore * DAY));
    await keepAll();
    const reminders = await mailsOf(userId, MAIL_KIND.pointsExpiring);
    expect(reminders.map((m) => m.subject)).toEqual([
      '【オリパ】ポイントの有効期限まであと30日です',
      '【オリパ】ポイントの有効期限まであと7日です',
    ]);
    expect(reminders[0]?.body).toContain('700ポイント');
  });
});

describe('mail switches on the member info page', () => {
  it('lists the optional mails, turns one off, and that mail is no longer queued', async () => {
    const packId = await createTestPack(db(), { price: 100 });
    const userId = await createTestMember(db());
    await fund(db(), userId, { points: 1000 });
    const client = shop.client();
    await signIn(db(), client, userId);
    const before = await client.get('/user/mail_preferences');
    expect(before.body.preferences).toEqual([
      { kind: 'pack_summary', on: true },
      { kind: 'decision_summary', on: true },
      { kind: 'payment_reminder', on: true },
      { kind: 'points_expiring', on: true },
      { kind: 'monthly_statement', on: true },
    ]);
    const saved = await client.post('/user/mail_preferences', { off: ['pack_summary'] });
    expect(saved.body.preferences).toContainEqual({ kind: 'pack_summary', on: false });
    await buyPack(client, packId, 1);
    expect(await mailsOf(userId, MAIL_KIND.packSummary)).toHaveLength(0);
    // Essential mails cannot be turned off; unknown kinds are refused with a field error.
    const refused = await client.post('/user/mail_preferences', { off: ['point_receipt'] });
    expect(refused.body.state).toBe(400);
    expect(
      await shop
        .client()
        .get('/user/mail_preferences')
        .then((r) => r.body.state),
    ).toBe(401);
    await client.post('/user/mail_preferences', { off: [] });
    await buyPack(client, packId, 1);
    expect(await mailsOf(userId, MAIL_KIND.packSummary)).toHaveLength(1);
  });
});

describe('hostile mail switch payloads', () => {
  it('answers 400 with a field error, never a 500, and changes nothing', async () => {
    const userId = await createTestMember(db());
    const client = shop.client();
    await signIn(db(), client, userId);
    await client.get('/user/mail_preferences');
    for (const payload of [
      {},
      { off: 'pack_summary' },
      { off: [1] },
      { off: ['pack_summary', 'x'] },
      { off: Array(OPTIONAL_MAIL_KINDS.length + 1).fill('pack_summary') },
      { off: [{}] },
      { off: null },
    ]) {
      const res = await client.post('/user/mail_preferences', payload);
      expect(res.body.state, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.body.errors as object)).toContain('off');
    }
    const twice = await client.post('/user/mail_preferences', {
      off: ['points_expiring', 'points_expiring'],
    });
    expect(twice.body.state).toBe(200);
    expect((await client.get('/user/mail_preferences')).body.preferences).toContainEqual({
      kind: 'points_expiring',
      on: false,
    });
  });
});

describe('the mail worker over SMTP', () => {
  let server: SMTPServer;
  let port = 0;
  let refuseNext = 0;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            const error = new Error('mailbox busy, try later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('retries a mail the server refused, with backoff, then delivers it once as text and HTML', async () => {
    const userId = await createTestMember(db(), { mail: `smtp.${Date.now()}@example.com` });
    const start = new Date(Date.now() + 400 * DAY);
    await keepAll(); // what other tests left due goes first, so only this mail meets the server
    await enqueueMail(
      db(),
      {
        userId,
        kind: MAIL_KIND.passwordChanged,
        key: `smtp-test:${userId}`,
        data: { changedAt: start.toISOString() },
      },
      start,
    );
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Oripa <no-reply@oripa.example>');
    try {
      refuseNext = 1;
      await deliverDueMail(db(), transport, start, site);
      const [failed] = await mailsOf(userId, MAIL_KIND.passwordChanged);
      expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
      expect(failed?.lastError).toContain('mailbox busy');
      expect(failed!.nextAttemptAt!.getTime()).toBe(start.getTime() + 60_000);
      // Not due yet: nothing happens before the backoff ends.
      await deliverDueMail(db(), transport, new Date(start.getTime() + 30_000), site);
      expect(received.filter((m) => m.includes(`smtp.`))).toHaveLength(0);

      const later = new Date(start.getTime() + 61_000);
      await deliverDueMail(db(), transport, later, site);
      await deliverDueMail(db(), transport, new Date(later.getTime() + DAY), site);
      const [sent] = await mailsOf(userId, MAIL_KIND.passwordChanged);
      expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: '' });
      const mine = received.filter((m) => m.includes(sent!.recipient));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain('text/plain');
      expect(mine[0]).toContain('text/html');
    } finally {
      transport.close();
    }
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const userId = await createTestMember(db());
    const start = new Date(Date.now() + 800 * DAY);
    await enqueueMail(db(), { userId, kind: MAIL_KIND.welcome, key: `smtp-fail:${userId}`, data: {} }, start);
    const failing: MailTransport = {
      send: () => Promise.reject(new Error('connection refused')),
      close() {},
    };
    let now = start;
    for (let i = 0; i < 8; i += 1) {
      await deliverDueMail(db(), failing, now, site);
      now = new Date(now.getTime() + 7 * 60 * 60 * 1000);
    }
    const [row] = await mailsOf(userId, MAIL_KIND.welcome);
    expect(row).toMatchObject({ state: 'failed', attempts: 8, lastError: 'connection refused' });
    // The console's outbox shows it, with its tries and error.
    const support = shop.client();
    await signInOperator(db(), support, (await createTestOperator(db(), 'support')).id);
    const listed = await support.get(`/admin/outbox?to=${encodeURIComponent(row!.recipient)}`);
    expect(listed.body.entries).toContainEqual(
      expect.objectContaining({
        kind: 'welcome',
        state: 'failed',
        attempts: 8,
        last_error: 'connection refused',
      }),
    );
  });

  it('never sends one row twice when workers run at once', async () => {
    const start = new Date(Date.now() + 1200 * DAY);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const userId = await createTestMember(db());
      ids.push(userId);
      await enqueueMail(db(), { userId, kind: MAIL_KIND.welcome, key: `race:${userId}`, data: {} }, start);
    }
    const sent: string[] = [];
    const slow: MailTransport = {
      send: async (mail) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(mail.to);
      },
      close() {},
    };
    await Promise.all([1, 2, 3].map(() => deliverDueMail(db(), slow, start, site)));
    expect(sent).toHaveLength(new Set(sent).size);
    expect(sent.length).toBeGreaterThanOrEqual(12);
  });
});
