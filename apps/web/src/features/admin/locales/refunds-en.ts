import type { REFUNDS_JA } from './refunds-ja.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Refunds in the console in English (same keys as Japanese). */
export const REFUNDS_EN: Texts<typeof REFUNDS_JA> = {
  heading: 'Refund',
  lead: 'Gives money back at the provider and takes back the points this payment credited (all or part).',
  capYen: 'Left to refund: {{yen}} yen (payment {{amount}} yen)',
  capPoints: 'Points that can be taken back: at most {{unspent}} pt (credited {{credited}} pt)',
  capWhy: 'Points the member already spent, or that expired, cannot be taken back. Of the points matching the refunded yen, only those this payment credited and the member has not spent are taken back.',
  notRefundable: 'This payment cannot be refunded (not paid yet, or refunded in full).',
  amount: 'Yen to refund',
  reason: 'Reason',
  submit: 'Refund',
  done: 'Refunded {{yen}} yen and took back {{points}} pt.',
  repeated: 'This refund was handled already (nothing refunded twice).',
  list: 'Refunds of this payment',
  when: 'When',
  origin: 'Started by',
  state: 'State',
  yen: 'Yen',
  points: 'Points taken back',
  ref: 'Provider refund id',
  origins: { operator: 'Console', provider_refund: 'Refunded at the provider', chargeback: 'Chargeback' },
  states: { requested: 'Requested', succeeded: 'Refunded', failed: 'Refused' },
  review: 'Review: refunds or chargebacks made at the provider',
  reviewLead: 'Refunds made at the provider and chargebacks. Their points were taken back automatically; check how the member uses the shop.',
  payment: 'Payment',
} as const;
