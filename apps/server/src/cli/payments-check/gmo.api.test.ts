import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmoEnvironment } from '../../testing/gmo-shop.ts';
import { startGmoStandIn, type GmoStandIn } from '../../testing/gmo-stand-in/gmo-stand-in.ts';
import { runCheck } from './gmo.ts';

/** The operator's live check, run against the GMO stand-in (the real one needs GMO's test environment). */
let standIn: GmoStandIn;
beforeAll(async () => {
  standIn = await startGmoStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe('payments:check --provider gmo', () => {
  it('makes a ¥100 order and cancels it, printing each step', async () => {
    const steps: string[] = [];
    await runCheck(async (label, fn) => {
      await fn();
      steps.push(label);
    }, gmoEnvironment(standIn, 'https://shop.example'));
    expect(steps).toHaveLength(5);
    const order = [...standIn.state.orders.values()].at(-1);
    expect(order).toMatchObject({ amount: 100, status: 'CANCEL', payType: '3' });
  });

  it('fails with a clear message without credentials, and refuses the production API', async () => {
    await expect(runCheck(async () => undefined, {})).rejects.toThrow(/GMO_SHOP_ID is missing/);
    await expect(runCheck(async () => undefined, { ...gmoEnvironment(standIn, 'https://shop.example'), GMO_API_URL: 'https://p01.mul-pay.jp' })).rejects.toThrow(/production/);
  });
});
