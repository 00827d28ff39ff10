import { z } from 'zod';
import { intField, textField } from './fields.ts';

/**
 * Operator alerts (issue 27, point 7, decision 046): conditions the job engine watches, sent to
 * the operators who chose them by mail and to the shop's webhook (Slack-compatible JSON), at
 * most once per condition and period.
 */
export const ALERT_KIND = {
  /** A pack on sale with few packs left. */
  packLow: 'pack_low',
  /** Shipping requests past the shipping promise (14 business days). */
  shippingOverdue: 'shipping_overdue',
  /** Mails the outbox gave up on, or keeps failing to send. */
  mailFailing: 'mail_failing',
  /** Point orders waiting for their money or the provider's answer for long. */
  paymentsWaiting: 'payments_waiting',
  /** Jobs of the job engine waiting to run. */
  jobsBacklog: 'jobs_backlog',
} as const;
export type AlertKind = (typeof ALERT_KIND)[keyof typeof ALERT_KIND];
export const ALERT_KINDS = Object.values(ALERT_KIND) as [AlertKind, ...AlertKind[]];

/** Thresholds until the owner sets others. */
export const DEFAULT_ALERT_SETTINGS = {
  webhook_url: '',
  webhook_kinds: [] as AlertKind[],
  pack_remaining: 10,
  payments_waiting_hours: 24,
  jobs_waiting: 100,
};

const WEBHOOK_URL_MAX = 500;

/** https with a host and an optional port and path, no user info, no spaces. */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/;
/** http only to this machine (a local relay, or a test's receiver). */
const LOCAL_HTTP_URL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?(\/[^\s]*)?$/;

/** '' (no webhook) or an https URL; http only to this machine. */
export function isWebhookUrl(value: string): boolean {
  if (value === '') return true;
  return value.length <= WEBHOOK_URL_MAX && (HTTPS_URL.test(value) || LOCAL_HTTP_URL.test(value));
}

const kindList = z.array(z.enum(ALERT_KINDS, { error: 'admin.alert_kind' }), { error: 'common.invalid' }).max(ALERT_KINDS.length, 'common.invalid');

/** The shop's alert settings (owner only): the webhook, what it gets, and the thresholds. */
export const alertSettingsSchema = z.object({
  webhook_url: textField().trim().refine(isWebhookUrl, 'admin.webhook_url'),
  webhook_kinds: kindList,
  pack_remaining: intField({ min: 1, max: 100_000, message: 'admin.alert_threshold' }),
  payments_waiting_hours: intField({ min: 1, max: 720, message: 'admin.alert_threshold' }),
  jobs_waiting: intField({ min: 1, max: 1_000_000, message: 'admin.alert_threshold' }),
});
export type AlertSettings = z.output<typeof alertSettingsSchema>;

/** The alerts an operator gets by mail: their own choice. */
export const alertMailsPayload = z.object({ kinds: kindList });

const alertSettingsOut = z.object({
  webhook_url: z.string(),
  webhook_kinds: z.array(z.enum(ALERT_KINDS)),
  pack_remaining: z.number().int(),
  payments_waiting_hours: z.number().int(),
  jobs_waiting: z.number().int(),
});

export const alertsResponse = z.object({
  settings: alertSettingsOut,
  /** The signed-in operator's mail choices. */
  mail_kinds: z.array(z.enum(ALERT_KINDS)),
  /** The latest alerts sent, newest first. */
  recent: z.array(
    z.object({
      kind: z.enum(ALERT_KINDS),
      subject: z.string(),
      message: z.object({ ja: z.string(), en: z.string() }),
      sent_at: z.string(),
      /** 'none' (not a webhook kind), 'sent', or 'failed' (refused or no answer in 5 s; not retried). */
      webhook: z.enum(['none', 'sent', 'failed']),
    }),
  ),
});
export type AlertsResponse = z.infer<typeof alertsResponse>;
