import { z } from 'zod';
import { credentialsFromEnv } from '../credentials-from-env.ts';

/**
 * The GMO Payment Gateway adapter's own settings, read from the environment when the adapter is
 * first used (at start, by assertProvidersConfigured). Test environment (stg) addresses by
 * default; production sets GMO_API_URL and GMO_TOKEN_SCRIPT_URL to the production hosts.
 */
const settingsSchema = z.object({
  GMO_SHOP_ID: z.string().regex(/^[A-Za-z0-9-]{1,13}$/, 'must be the shop ID GMO issued (up to 13 letters and digits)'),
  GMO_SHOP_PASS: z.string().min(1).max(10),
  /** Protocol-type API origin: https://pt01.mul-pay.jp (test), https://p01.mul-pay.jp (production). */
  GMO_API_URL: z.string().url().default('https://pt01.mul-pay.jp'),
  /** The tokenizer script the browser loads (Multipayment.getToken). */
  GMO_TOKEN_SCRIPT_URL: z.string().url().default('https://stg.static.mul-pay.jp/ext/js/token.js'),
  /** The result notification (結果通知) is posted with HTTP Basic authentication set to these in GMO's shop settings. */
  GMO_NOTIFY_USER: z.string().min(1),
  GMO_NOTIFY_PASSWORD: z.string().min(12, 'must be at least 12 characters'),
  /** Prefix of the order ids the shop gives GMO (order id = prefix + payment id, 27 characters at most). */
  GMO_ORDER_PREFIX: z.string().regex(/^[A-Za-z0-9-]{0,12}$/).default('oripa-'),
  /** 3-D Secure 2.0 shop name shown on the issuer's challenge page (TdTenantName). */
  GMO_TDS_TENANT_NAME: z.string().max(25).default('Oripa'),
  /** Convenience-store codes (Convenience) for the shop's three groups. */
  GMO_CVS_ECON: z.string().regex(/^\d{5}$/).default('00001'),
  GMO_CVS_SEJ: z.string().regex(/^\d{5}$/).default('00007'),
  GMO_CVS_OTHER: z.string().regex(/^\d{5}$/).default('00006'),
  /** What a convenience-store slip names (GMO requires a customer name, kana and phone; the shop asks members for none). */
  GMO_CVS_CUSTOMER_NAME: z.string().min(1).max(40),
  GMO_CVS_CUSTOMER_KANA: z.string().min(1).max(40),
  /** The shop's phone for slips and au's service page (digits). */
  GMO_CVS_TEL: z.string().regex(/^\d{10,11}$/, 'must be the shop phone number, digits only'),
  /** The shop's contact hours printed on slips (HH:MM-HH:MM). */
  GMO_CVS_HOURS: z.string().regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/).default('10:00-17:00'),
  /** The shop's public origin: 3-D Secure and the carriers send the member's browser back there. */
  PUBLIC_URL: z.string().url(),
  /** Milliseconds a call to GMO may take before the outcome counts as unknown. */
  GMO_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
});

export type GmoSettings = z.infer<typeof settingsSchema>;

/** The settings, or an error naming every missing or invalid variable (the server then refuses to start). */
export function readGmoSettings(env: NodeJS.ProcessEnv): GmoSettings {
  return credentialsFromEnv('gmo', settingsSchema, env);
}

/** GMO's order id of a shop payment. */
export function orderIdOf(settings: GmoSettings, paymentId: number): string {
  return `${settings.GMO_ORDER_PREFIX}${paymentId}`;
}

/** The shop payment an order id names, or undefined when it is not one of this shop's. */
export function paymentIdOf(settings: GmoSettings, orderId: string): number | undefined {
  if (!orderId.startsWith(settings.GMO_ORDER_PREFIX)) return undefined;
  const rest = orderId.slice(settings.GMO_ORDER_PREFIX.length);
  if (!/^[1-9]\d{0,14}$/.test(rest)) return undefined;
  const id = Number(rest);
  return Number.isSafeInteger(id) ? id : undefined;
}
