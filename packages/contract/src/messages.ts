import { ACCOUNT_MESSAGES } from './messages/accounts.ts';
import { ADMIN_MESSAGES } from './messages/admin.ts';
import { ADDRESS_MESSAGES } from './messages/address.ts';
import { CATALOG_ADMIN_MESSAGES } from './messages/catalog-admin.ts';
import { COMMON_MESSAGES } from './messages/common.ts';
import { EXCHANGE_MESSAGES } from './messages/exchange.ts';
import { GACHA_MESSAGES } from './messages/gacha.ts';
import { PAYMENT_MESSAGES } from './messages/payments.ts';
import { REFERRAL_MESSAGES } from './messages/referrals.ts';
import { REFUND_MESSAGES } from './messages/refunds.ts';
import { SHIPPING_MESSAGES } from './messages/shipping.ts';
import { SHOP_SETTINGS_MESSAGES } from './messages/shop-settings.ts';
import { TRUST_MESSAGES } from './messages/trust.ts';
import { FAIRNESS_MESSAGES } from './messages/fairness.ts';
import { PLAY_SAFETY_MESSAGES } from './messages/play-safety.ts';
import { INVOICE_MESSAGES } from './messages/invoice.ts';
import { ALERT_MESSAGES } from './messages/alerts.ts';
import { INQUIRY_MESSAGES } from './messages/inquiries.ts';
import { BONUS_MESSAGES } from './messages/bonuses.ts';
import { COUPON_MESSAGES } from './messages/coupons.ts';
import { CAMPAIGN_MESSAGES } from './messages/campaigns.ts';
import type { Lang } from './states.ts';

/**
 * The server's message catalogue: every error text a response can carry, in Japanese and
 * English. Services name a code; the error handler picks the text in the requester's language.
 * `{name}` placeholders are filled from the error's params. Each domain keeps its messages in
 * messages/<domain>.ts, spread in here.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...ADDRESS_MESSAGES,
  ...REFERRAL_MESSAGES,
  ...GACHA_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...EXCHANGE_MESSAGES,
  ...ADMIN_MESSAGES,
  ...TRUST_MESSAGES,
  ...SHIPPING_MESSAGES,
  ...CATALOG_ADMIN_MESSAGES,
  ...SHOP_SETTINGS_MESSAGES,
  ...REFUND_MESSAGES,
  ...FAIRNESS_MESSAGES,
  ...PLAY_SAFETY_MESSAGES,
  ...INVOICE_MESSAGES,
  ...ALERT_MESSAGES,
  ...INQUIRY_MESSAGES,
  ...BONUS_MESSAGES,
  ...COUPON_MESSAGES,
  ...CAMPAIGN_MESSAGES,
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageCode = keyof typeof MESSAGES;

export type MessageParams = Record<string, string | number>;

/** The text of `code` in `lang`, with `{name}` placeholders filled from `params`. */
export function message(code: MessageCode, lang: Lang, params: MessageParams = {}): string {
  const template: string = MESSAGES[code][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}
