import type { ALERTS_JA } from './alerts-ja.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const ALERTS_EN: Texts<typeof ALERTS_JA> = {
  nav: 'Alerts',
  heading: 'Alerts',
  lead: 'When something needs your attention you hear of it at most once a day (a pack running low: once per pack). Checked every minute.',
  kinds: {
    pack_low: 'A pack on sale is running low',
    shipping_overdue: 'Shipping requests past the 14-business-day promise',
    mail_failing: 'Mails that cannot be sent',
    payments_waiting: 'Payments open for long',
    jobs_backlog: 'Jobs waiting to run are piling up',
  },
  mailHeading: 'Alerts you get by mail',
  mailLead: 'Choose the alerts sent to you ({{mail}}). Each operator chooses their own.',
  mailKinds: 'Kinds to get',
  mailSave: 'Save my mail choices',
  mailSaved: 'Your mail choices are saved.',
  shopHeading: 'Webhook and thresholds (whole shop)',
  shopLead: 'Sent as JSON {"text": "…"} to a URL such as a Slack incoming webhook. https:// URLs only.',
  webhookUrl: 'Webhook URL (empty: none)',
  webhookKinds: 'Alerts sent to the webhook',
  packRemaining: 'Alert when a pack has this many packs left or fewer',
  paymentsWaitingHours: 'Alert when a payment stays open this many hours',
  jobsWaiting: 'Alert when this many jobs or more wait to run',
  shopSave: 'Save shop settings',
  shopSaved: 'The shop settings are saved.',
  readOnly: 'Only an owner can change the webhook and thresholds.',
  recentHeading: 'Recent alerts',
  recentEmpty: 'No alerts yet.',
  when: 'When',
  kind: 'Kind',
  message: 'Message',
  webhook: 'Webhook',
  webhookStates: { none: '—', sent: 'Sent', failed: 'Failed' },
  failed: 'Could not save. Check the fields.',
};
