import { ALERT_KIND, type AlertKind, type AlertSettings, type AlertsResponse } from '@oripa/contract/admin-alerts';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { OPEN_SHIPPING_STATES, SHIPPING_PROMISE_BUSINESS_DAYS } from '@oripa/contract/shipping';
import type { Db } from '../../db/client.ts';
import { formatJst, jstDateKey } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { enqueueOperatorMail } from '../notifications/mail-outbox.ts';
import { alertSettings, setAlertSettings } from '../settings/settings.service.ts';
import { overdueCutoff } from '../shipping/shipping-deadline.ts';
import { failingMails, jobsWaiting, overdueShipping, packsRunningLow, paymentsWaitingLong } from './alert-conditions.repo.ts';
import * as repo from './alerts.repo.ts';
import { postToWebhook } from './alert-webhook.ts';

/** One condition found: what it is about, and its period (it is sent at most once per both). */
export interface Alert {
  kind: AlertKind;
  subject: string;
  period: string;
  message: { ja: string; en: string };
}

const HOUR_MS = 60 * 60 * 1000;
/** Mails failing within this window raise the alert. */
const MAIL_WINDOW_MS = 24 * HOUR_MS;
/** How many recent alerts the console lists. */
const RECENT_ALERTS = 20;

const yenJa = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const yenEn = (n: number) => `JPY ${n.toLocaleString('en-US')}`;

/** Every condition true at `now` under `settings`; pure of sending (tested on its own). */
export async function findAlerts(db: Db, settings: AlertSettings, now: Date): Promise<Alert[]> {
  const day = jstDateKey(now);
  const alerts: Alert[] = [];
  for (const pack of await packsRunningLow(db, now, settings.pack_remaining)) {
    alerts.push({
      kind: ALERT_KIND.packLow,
      subject: `pack:${pack.id}`,
      // Once per pack: a restock is a new lot with its own id.
      period: 'lot',
      message: {
        ja: `「${pack.name}」の残りが${pack.remaining}口になりました（通知は${settings.pack_remaining}口以下）。`,
        en: `"${pack.name}" has ${pack.remaining} packs left (alert at ${settings.pack_remaining} or fewer).`,
      },
    });
  }
  const overdue = await overdueShipping(db, overdueCutoff(now), OPEN_SHIPPING_STATES);
  if (overdue.count > 0 && overdue.oldest) {
    const days = SHIPPING_PROMISE_BUSINESS_DAYS;
    alerts.push({
      kind: ALERT_KIND.shippingOverdue,
      subject: 'shipping',
      period: day,
      message: {
        ja: `発送期限（${days}営業日）を過ぎた発送依頼が${overdue.count}件あります。最も古い依頼は ${formatJst(overdue.oldest)} です。`,
        en: `${overdue.count} shipping requests are past the ${days}-business-day promise; the oldest was made ${formatJst(overdue.oldest)} JST.`,
      },
    });
  }
  const failing = await failingMails(db, new Date(now.getTime() - MAIL_WINDOW_MS));
  if (failing > 0) {
    alerts.push({
      kind: ALERT_KIND.mailFailing,
      subject: 'mail',
      period: day,
      message: {
        ja: `送信できていないメールが${failing}件あります（過去24時間）。送信キューを確認してください。`,
        en: `${failing} mails could not be sent in the last 24 hours. Check the outbox.`,
      },
    });
  }
  const hours = settings.payments_waiting_hours;
  const waiting = await paymentsWaitingLong(db, new Date(now.getTime() - hours * HOUR_MS), now);
  if (waiting.count > 0) {
    alerts.push({
      kind: ALERT_KIND.paymentsWaiting,
      subject: 'payments',
      period: day,
      message: {
        ja: `${hours}時間以上確定していない決済が${waiting.count}件（${yenJa(waiting.amount)}）あります。`,
        en: `${waiting.count} payments (${yenEn(waiting.amount)}) have been open for more than ${hours} hours.`,
      },
    });
  }
  const jobs = await jobsWaiting(db);
  if (jobs >= settings.jobs_waiting) {
    alerts.push({
      kind: ALERT_KIND.jobsBacklog,
      subject: 'jobs',
      period: day,
      message: {
        ja: `実行を待っているジョブが${jobs}件あります（通知は${settings.jobs_waiting}件以上）。`,
        en: `${jobs} jobs are waiting to run (alert at ${settings.jobs_waiting} or more).`,
      },
    });
  }
  return alerts;
}

/**
 * Sweeper job: sends each alert true at `now` once per condition and period — recorded and
 * mailed to the operators who chose it in one transaction (so a mail goes exactly when the alert
 * is recorded), then posted to the webhook, outside it, when the owner chose that kind. A webhook
 * that refuses or times out is recorded as failed and not retried (the console lists it).
 */
export async function checkAlerts(db: Db, now: Date): Promise<number> {
  const settings = await alertSettings(db);
  let sent = 0;
  for (const alert of await findAlerts(db, settings, now)) {
    const toWebhook = settings.webhook_url !== '' && settings.webhook_kinds.includes(alert.kind);
    const id = await db.transaction(async (tx) => {
      const claimed = await repo.claimAlert(tx, { ...alert, webhook: toWebhook }, now);
      if (claimed === undefined) return undefined;
      await enqueueOperatorMail(
        tx,
        { kind: MAIL_KIND.operatorAlert, key: `alert:${claimed}`, data: { kind: alert.kind, message: alert.message }, recipients: await repo.recipientsOf(tx, alert.kind) },
        now,
      );
      return claimed;
    });
    if (id === undefined) continue;
    sent += 1;
    if (toWebhook && (await postToWebhook(settings.webhook_url, alert))) await repo.markWebhookSent(db, id);
  }
  return sent;
}

/**
 * A webhook URL as an operator who cannot change it sees it: its origin only. Chat webhooks carry
 * their secret in the path (Slack's /services/T…/B…/token), which anyone holding it can post with.
 */
export function maskedWebhook(url: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(url)?.[0];
  return origin ? `${origin}/…` : '';
}

/** What the console's alert screen shows `operatorId` (the webhook's secret path to owners only). */
export async function alertsView(db: Db, operatorId: number, revealWebhook: boolean): Promise<AlertsResponse> {
  const [settings, mailKinds, recent] = await Promise.all([alertSettings(db), repo.mailKindsOf(db, operatorId), repo.recentAlerts(db, RECENT_ALERTS)]);
  return {
    settings: revealWebhook ? settings : { ...settings, webhook_url: maskedWebhook(settings.webhook_url) },
    mail_kinds: mailKinds as AlertKind[],
    recent: recent.map((r) => ({
      kind: r.kind as AlertKind,
      subject: r.subject,
      message: r.message,
      sent_at: r.sentAt.toISOString(),
      webhook: r.webhookState as 'none' | 'sent' | 'failed',
    })),
  };
}

/** The operator's own choice of alerts by mail. */
export async function chooseAlertMails(db: Db, operatorId: number, kinds: readonly AlertKind[]): Promise<void> {
  await db.transaction((tx) => repo.setMailKinds(tx, operatorId, [...new Set(kinds)]));
}

/** The owner's change of the shop's alert settings, audited in the same transaction. */
export async function changeAlertSettings(db: Db, actor: Actor, settings: AlertSettings): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await alertSettings(tx);
    const after = { ...settings, webhook_kinds: [...new Set(settings.webhook_kinds)] };
    await setAlertSettings(tx, after);
    await recordAudit(tx, actor, { action: 'alerts.set', target: 'alerts', before, after });
  });
}
