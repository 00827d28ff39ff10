import { z } from 'zod';
import { credentialsFromEnv, standInHostAllowed } from '../credentials-from-env.ts';

const required = z.string().trim().min(1);

function schemaFor(env: NodeJS.ProcessEnv) {
  return z.object({
    /** developer.paypal.com → Apps & Credentials: the REST app's client id and secret. */
    PAYPAL_CLIENT_ID: required,
    PAYPAL_CLIENT_SECRET: required,
    /** The id PayPal gave the webhook registered for /api/payment/notify/paypal (signature check). */
    PAYPAL_WEBHOOK_ID: required,
    /** sandbox (api-m.sandbox.paypal.com) or live (api-m.paypal.com). */
    PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']),
    /** Tests and local runs only: the stand-in API (host:port) the SDK's connections go to. */
    PAYPAL_API_HOST: z
      .string()
      .regex(/^[\w.-]+(:\d+)?$/)
      .optional()
      .refine((v) => v === undefined || standInHostAllowed(env), 'is a test setting, refused in production'),
    /** Milliseconds an API call may take before the payment is left open for the sweeper. */
    PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** The shop's address as buyers reach it: PayPal sends them back to absolute URLs. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, '')),
  });
}

export type PayPalSettings = z.infer<ReturnType<typeof schemaFor>>;

export function payPalSettings(env: NodeJS.ProcessEnv = process.env): PayPalSettings {
  return credentialsFromEnv('paypal', schemaFor(env), env);
}
