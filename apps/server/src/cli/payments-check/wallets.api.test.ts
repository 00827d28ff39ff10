import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmazonPayStandIn } from '../../testing/amazonpay-stand-in.ts';
import { PayPalStandIn } from '../../testing/paypal-stand-in.ts';
import { runCheck as checkAmazonPay } from './amazonpay.ts';
import { runCheck as checkPayPal } from './paypal.ts';

/** The live checks' steps, run against the stand-ins (the real test environments need the network). */

type Step = (label: string, fn: () => Promise<unknown>) => Promise<void>;

function recorder(): { step: Step; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    step: async (label, fn) => {
      lines.push(`${label}: ${String(await fn())}`);
    },
  };
}

let amazon: AmazonPayStandIn;
let payPal: PayPalStandIn;
beforeAll(async () => {
  [amazon, payPal] = await Promise.all([AmazonPayStandIn.start(), PayPalStandIn.start()]);
});
afterAll(async () => {
  await Promise.all([amazon?.close(), payPal?.close()]);
});

describe('payments:check for the wallets', () => {
  it('fails at the first step naming the missing variables when credentials are absent', async () => {
    await expect(checkPayPal(recorder().step, {})).rejects.toThrow(/PAYPAL_CLIENT_ID is missing/);
    await expect(checkAmazonPay(recorder().step, {})).rejects.toThrow(/AMAZON_PAY_PUBLIC_KEY_ID is missing/);
    await expect(checkPayPal(recorder().step, { ...payPal.env('https://shop.example'), PAYPAL_ENVIRONMENT: 'live' })).rejects.toThrow(/must be sandbox/);
  });

  it('PayPal: token, a ¥100 order never captured, the webhook id checked', async () => {
    const { step, lines } = recorder();
    await checkPayPal(step, payPal.env('https://shop.example'));
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^create a ¥100 order \(intent CAPTURE\): order \w+ CREATED; approval http:\/\/127/);
    expect(lines[3]).toMatch(/CREATED: not approved/);
    expect([...payPal.orders.values()].map((order) => [order.amount, order.status])).toEqual([['100', 'CREATED']]);
  });

  it('Amazon Pay: a signed ¥100 Checkout Session created and read back, never completed', async () => {
    const { step, lines } = recorder();
    await checkAmazonPay(step, amazon.env('https://shop.example'));
    expect(lines).toHaveLength(4);
    const [session] = [...amazon.sessions.values()];
    expect(session).toMatchObject({ state: 'Open', paymentDetails: { chargeAmount: { amount: '100', currencyCode: 'JPY' } } });
  });
});
