import { z } from 'zod';
import { credentialsFromEnv, sharedProviderFields } from '../credentials-from-env.ts';

const required = z.string().trim().min(1);

function schemaFor(env: NodeJS.ProcessEnv) {
  const shared = sharedProviderFields(env);
  return z.object({
    /** Seller Central → Integration Central: the public key id (SANDBOX-… / LIVE-…, or a legacy id with AMAZON_PAY_SANDBOX). */
    AMAZON_PAY_PUBLIC_KEY_ID: required,
    /** The merchant's RSA private key (PEM; "\n" escapes are accepted on one line). */
    AMAZON_PAY_PRIVATE_KEY: required.transform((pem) => pem.replace(/\\n/g, '\n')).refine((pem) => pem.includes('PRIVATE KEY'), 'must be a PEM private key'),
    /** The store id (client id, amzn1.application-oa2-client.…) the button is rendered for. */
    AMAZON_PAY_STORE_ID: required,
    /** The merchant id (seller id) IPNs must name. */
    AMAZON_PAY_MERCHANT_ID: required,
    AMAZON_PAY_REGION: z.enum(['jp', 'us', 'eu', 'uk', 'de']).default('jp'),
    /** Only for a public key id without a SANDBOX-/LIVE- prefix: 1 for the sandbox. */
    AMAZON_PAY_SANDBOX: z.enum(['0', '1', 'true', 'false', '']).optional().transform((v) => v === '1' || v === 'true'),
    /** Amazon's checkout script the shop's checkout page loads. */
    AMAZON_PAY_CHECKOUT_SCRIPT: z.url({ protocol: /^https?$/ }).default('https://static-fe.payments-amazon.com/checkout.js'),
    AMAZON_PAY_API_HOST: shared.apiHost,
    AMAZON_PAY_TIMEOUT_MS: shared.timeoutMs,
    PUBLIC_URL: shared.publicUrl,
  });
}

export type AmazonPaySettings = z.infer<ReturnType<typeof schemaFor>>;

export function amazonPaySettings(env: NodeJS.ProcessEnv = process.env): AmazonPaySettings {
  return credentialsFromEnv('amazonpay', schemaFor(env), env);
}
