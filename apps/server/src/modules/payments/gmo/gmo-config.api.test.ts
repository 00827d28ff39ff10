import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gmoEnvironment, GMO_ROUTES } from '../../../testing/gmo-shop.ts';
import { startGmoStandIn, type GmoStandIn } from '../../../testing/gmo-stand-in/gmo-stand-in.ts';
import { openTestShop } from '../../../testing/test-app.ts';

/**
 * Configuration that fails fast: with GMO's credentials set, production starts with the methods
 * routed to gmo and no sandbox method offered; with one missing it refuses, naming it. The CSP
 * lets the browser load GMO's token.js and reach its API.
 */
let standIn: GmoStandIn;
beforeAll(async () => {
  standIn = await startGmoStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/**
 * The server reads its settings from process.env. Each variable is set with vi.stubEnv and restored after the
 * test: replacing process.env with a copy would outlive this file in a worker that runs the next
 * file in the same process, and detach the environment Node itself reads (TLS settings).
 */
function setEnv(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
}
afterEach(() => {
  vi.unstubAllEnvs();
});

const production = { NODE_ENV: 'production', PAYMENT_PROVIDERS: GMO_ROUTES, PAYMENT_METHODS: '1,2,6,8', PUBLIC_URL: 'https://shop.example' } as const;

describe('GMO configuration', () => {
  it('production starts with 1, 2, 6, 8 on gmo without PAYMENT_ALLOW_SANDBOX, and its CSP allows GMO’s script', async () => {
    setEnv(gmoEnvironment(standIn, 'https://shop.example'));
    const shop = await openTestShop(production);
    try {
      const res = await shop.app.inject({ method: 'GET', url: '/api/user/point' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${standIn.url}`);
      expect(csp).toContain(`connect-src 'self' ${standIn.url}`);
    } finally {
      await shop.close();
    }
  });

  it('refuses to start when a GMO credential is missing, naming it', async () => {
    setEnv({ ...gmoEnvironment(standIn, 'https://shop.example'), GMO_SHOP_PASS: undefined, GMO_NOTIFY_PASSWORD: undefined });
    await expect(openTestShop(production)).rejects.toThrow(/GMO_SHOP_PASS is missing; GMO_NOTIFY_PASSWORD is missing/);
  });

  it('production starts with every real adapter of the issue routed (GMO, Amazon Pay, PayPal) and no sandbox method offered', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    setEnv({
      ...gmoEnvironment(standIn, 'https://shop.example'),
      AMAZON_PAY_PUBLIC_KEY_ID: 'LIVE-KEY',
      AMAZON_PAY_PRIVATE_KEY: pem,
      AMAZON_PAY_STORE_ID: 'amzn1.application-oa2-client.x',
      AMAZON_PAY_MERCHANT_ID: 'A1',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH',
      PAYPAL_ENVIRONMENT: 'live',
    });
    const shop = await openTestShop({
      ...production,
      PAYMENT_PROVIDERS: '1:gmo,2:gmo,6:gmo,8:gmo,3:amazonpay,5:paypal,*:sandbox',
      PAYMENT_METHODS: '1,2,3,5,6,8',
    });
    try {
      const methods = await shop.app.inject({ method: 'GET', url: '/api/user/point' });
      expect(methods.statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
