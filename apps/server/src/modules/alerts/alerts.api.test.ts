import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALERT_KIND } from '@oripa/contract/admin-alerts';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { PAY_ID } from '@oripa/contract/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { createTestOperator, signInOperator, useConsoleShop } from '../admin/admin-testing.ts';
import { alertSettings } from '../settings/settings.service.ts';
import { mailSite } from '../notifications/mail-delivery.ts';
import { deliverDueMail } from '../notifications/mail-worker.ts';
import { testConfig } from '../../config.ts';
import { checkAlerts, findAlerts } from './alerts.service.ts';

const t = useConsoleShop('owner', 'support');
const DAY = 24 * 60 * 60 * 1000;

/** A stand-in for a Slack incoming webhook: records each POST's JSON, answers 200 ("ok") or 500. */
const received: { text: string; kind: string }[] = [];
let webhookUrl = '';
let failing = false;
const receiver = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (request.headers['content-type'] === 'application/json') received.push(JSON.parse(body));
    response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' }).end(failing ? 'error' : 'ok');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/T000/B000`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const settings = (over: Record<string, unknown> = {}) => ({
  webhook_url: webhookUrl,
  webhook_kinds: [ALERT_KIND.packLow],
  pack_remaining: 10,
  payments_waiting_hours: 24,
  jobs_waiting: 100,
  ...over,
});

describe('alert settings in the console', () => {
  it('lets every operator choose their mails, and only the owner set the webhook and thresholds (audited)', async () => {
    const shown = await t.support.get('/admin/alerts');
    expect(shown.body).toMatchObject({ state: 200, mail_kinds: [], settings: { webhook_url: '', pack_remaining: 10 } });
    expect((await t.support.post('/admin/alerts', settings())).body.state).toBe(4030);

    const chosen = await t.support.post('/admin/alerts/mails', { kinds: [ALERT_KIND.packLow, ALERT_KIND.packLow, ALERT_KIND.mailFailing] });
    expect(chosen.body.mail_kinds).toEqual([ALERT_KIND.mailFailing, ALERT_KIND.packLow]);

    for (const [field, bad] of [
      ['webhook_url', 'http://hooks.example.com/x'],
      ['webhook_url', 'https://user:pass@hooks.example.com/x'],
      ['webhook_url', 'javascript:alert(1)'],
      ['webhook_kinds', ['nope']],
      ['pack_remaining', 0],
      ['payments_waiting_hours', 'many'],
      ['jobs_waiting', -5],
    ] as const) {
      const refused = await t.owner.post('/admin/alerts', settings({ [field]: bad }));
      expect(refused.body.state, `${field}=${JSON.stringify(bad)}`).toBe(400);
      expect(Object.keys(refused.body.errors as object)).toContain(field);
    }
    expect((await t.owner.post('/admin/alerts/mails', { kinds: 'pack_low' })).body.state).toBe(400);

    const saved = await t.owner.post('/admin/alerts', settings({ webhook_url: 'https://hooks.slack.com/services/T0/B0/x' }));
    expect(saved.body).toMatchObject({ state: 200, settings: { webhook_url: 'https://hooks.slack.com/services/T0/B0/x' } });
    // The webhook's path is its secret: only who may change it sees it whole.
    expect((await t.support.get('/admin/alerts')).body.settings).toMatchObject({ webhook_url: 'https://hooks.slack.com/…' });
    expect((await t.owner.get('/admin/alerts')).body.settings).toMatchObject({ webhook_url: 'https://hooks.slack.com/services/T0/B0/x' });
    const [audit] = await t.db().select().from(auditLog).where(eq(auditLog.action, 'alerts.set')).orderBy(auditLog.id);
    expect(audit?.before).toMatchObject({ webhook_url: '' });
    expect(audit?.after).toMatchObject({ webhook_url: 'https://hooks.slack.com/services/T0/B0/x' });
  });
});

describe('alerts sent by the job engine', () => {
  it('tells of a pack running low once, by mail to who chose it and to the webhook', async () => {
    expect((await t.owner.post('/admin/alerts', settings())).body.state).toBe(200);
    const watcher = await createTestOperator(t.db(), 'staff');
    const watcherClient = t.shop.client();
    await signInOperator(t.db(), watcherClient, watcher.id);
    await watcherClient.post('/admin/alerts/mails', { kinds: [ALERT_KIND.packLow] });
    const bystander = await createTestOperator(t.db(), 'staff');

    // 12 packs left: above the threshold of 10, so nothing; after 3 are bought, 9 left.
    const packId = await createTestPack(t.db(), { price: 100, prizes: [{ rarity: 1, count: 12, buyPoint: 10 }] });
    expect((await findAlerts(t.db(), await alertSettings(t.db()), new Date())).filter((a) => a.subject === `pack:${packId}`)).toEqual([]);
    const buyer = await fundedMember(t.shop, 1000);
    await buyPacks(buyer.client, packId, 3);

    const now = new Date();
    expect(await checkAlerts(t.db(), now)).toBeGreaterThanOrEqual(1);
    const hook = received.filter((r) => r.kind === ALERT_KIND.packLow);
    expect(hook).toHaveLength(1);
    expect(hook[0]?.text).toMatch(/残りが9口になりました[\s\S]*has 9 packs left/);
    const mails = await t.db().select().from(outbox).where(eq(outbox.kind, MAIL_KIND.operatorAlert));
    // The watcher and the support operator (who chose it in the test above); not the bystander.
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.recipient)).toContain(watcher.mail);
    expect(mails.map((m) => m.recipient)).not.toContain(bystander.mail);

    // Rendered by the mail worker like members' mails, in the console's language.
    await deliverDueMail(t.db(), undefined, new Date(now.getTime() + DAY), mailSite(testConfig()));
    const [rendered] = await t.db().select().from(outbox).where(and(eq(outbox.kind, MAIL_KIND.operatorAlert), eq(outbox.recipient, watcher.mail)));
    expect(rendered?.subject).toMatch(/^【オリパ管理】「.+」の残りが9口になりました/);
    expect(rendered?.body).toContain('/admin/alerts');

    // Later sweeps, here or on another instance, send nothing more for this pack.
    await checkAlerts(t.db(), new Date(now.getTime() + 60_000));
    await Promise.all([checkAlerts(t.db(), now), checkAlerts(t.db(), now)]);
    expect(received.filter((r) => r.kind === ALERT_KIND.packLow)).toHaveLength(1);
    expect(await t.db().select().from(outbox).where(eq(outbox.kind, MAIL_KIND.operatorAlert))).toHaveLength(2);

    // The console lists it, with the webhook's answer.
    const listed = await t.support.get('/admin/alerts');
    expect((listed.body.recent as unknown[])[0]).toMatchObject({ kind: ALERT_KIND.packLow, subject: `pack:${packId}`, webhook: 'sent' });
  });

  it('finds late parcels, failing mails and payments waiting too long, once a Japan-time day each', async () => {
    // A member asks for a card to be shipped; 30 days later it is past the 14-business-day promise.
    const packId = await createTestPack(t.db(), { price: 100, prizes: [{ rarity: 1, count: 100, buyPoint: 10 }] });
    const member = await fundedMember(t.shop, 1000);
    const bought = await buyPacks(member.client, packId, 1);
    const cards = (await member.client.get(`/user/pack/buy_result?pack_history_id=${bought.body.pack_history_id}`)).body.cards as { history_id: number }[];
    expect((await member.client.post('/user/pack/decision', { send_card: cards.map((c) => c.history_id), reduction_card: [] })).body.state).toBe(200);
    // A bank transfer open past its own deadline, and a mail the outbox gave up on.
    await t.db().insert(payments).values({ userId: member.userId, point: 500, amount: 550, tax: 50, payId: PAY_ID.bank, provider: 'sandbox', state: 'pending', dueAt: new Date(Date.now() + 3 * DAY) });
    const later = new Date(Date.now() + 30 * DAY);
    await t.db().insert(outbox).values({ channel: 'mail', recipient: 'x@example.com', body: '', kind: MAIL_KIND.welcome, eventKey: 'test:failed', state: 'failed', attempts: 8, createdAt: new Date(later.getTime() - 60_000) });

    const s = await alertSettings(t.db());
    const kinds = (now: Date) => findAlerts(t.db(), s, now).then((all) => all.map((a) => a.kind));
    expect(await kinds(new Date())).not.toContain(ALERT_KIND.shippingOverdue);
    const found = await findAlerts(t.db(), s, later);
    expect(found.map((a) => a.kind)).toEqual(expect.arrayContaining([ALERT_KIND.shippingOverdue, ALERT_KIND.mailFailing, ALERT_KIND.paymentsWaiting]));
    expect(found.find((a) => a.kind === ALERT_KIND.paymentsWaiting)?.message.ja).toContain('550円');
    expect(found.find((a) => a.kind === ALERT_KIND.shippingOverdue)?.message.en).toContain('1 shipping requests are past the 14-business-day promise');

    // Sent once that day (the webhook is not asked for these kinds), again the next day.
    const before = received.length;
    await checkAlerts(t.db(), later);
    const sentThatDay = await t.db().select().from(outbox).where(and(eq(outbox.kind, MAIL_KIND.operatorAlert)));
    await checkAlerts(t.db(), new Date(later.getTime() + 60_000));
    expect(await t.db().select().from(outbox).where(eq(outbox.kind, MAIL_KIND.operatorAlert))).toHaveLength(sentThatDay.length);
    expect(received.length).toBe(before);
    const listed = (await t.support.get('/admin/alerts')).body.recent as { kind: string }[];
    const nextDay = await checkAlerts(t.db(), new Date(later.getTime() + DAY));
    // The next day the parcel and the payment are still late (the failed mail is past 24 hours).
    expect(nextDay).toBe(2);
    expect(listed.map((a) => a.kind)).toEqual(expect.arrayContaining([ALERT_KIND.shippingOverdue, ALERT_KIND.mailFailing, ALERT_KIND.paymentsWaiting]));
  });

  it('records a webhook that fails, and goes on', async () => {
    failing = true;
    try {
      const packId = await createTestPack(t.db(), { price: 100, prizes: [{ rarity: 1, count: 5, buyPoint: 10 }] });
      await checkAlerts(t.db(), new Date());
      const listed = await t.owner.get('/admin/alerts');
      expect((listed.body.recent as { subject: string }[]).find((a) => a.subject === `pack:${packId}`)).toMatchObject({ webhook: 'failed' });
    } finally {
      failing = false;
    }
  });
});
