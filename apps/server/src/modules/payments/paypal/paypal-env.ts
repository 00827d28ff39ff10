import { z } from 'zod';
import { credentialsFromEnv, sharedProviderFields } from '../credentials-from-env.ts';

const required = z.string().trim().min(1);

function schemaFor(env: NodeJS.ProcessEnv) {
  const shared = sharedProviderFields(env);
  return z.object({
    /** developer.paypal.com → Apps & Credentials: the REST app's client id and secret. */
    PAYPAL_CLIENT_ID: required,
    PAYPAL_CLIENT_SECRET: required,
    /** The id PayPal gave the webhook registered for /api/payment/notify/paypal (signature check). */
    PAYPAL_WEBHOOK_ID: required,
    /** sandbox (api-m.sandbox.paypal.com) or live (api-m.paypal.com). */
    PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']),
    PAYPAL_API_HOST: shared.apiHost,
    PAYPAL_TIMEOUT_MS: shared.timeoutMs,
    PUBLIC_URL: shared.publicUrl,
  });
}

export type PayPalSettings = z.infer<ReturnType<typeof schemaFor>>;

export function payPalSettings(env: NodeJS.ProcessEnv = process.env): PayPalSettings {
  return credentialsFromEnv('paypal', schemaFor(env), env);
}
