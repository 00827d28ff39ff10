import { openDatabase } from '../../db/client.ts';
import { SandboxProvider } from '../../modules/payments/sandbox/sandbox-provider.ts';
import { SANDBOX_SHOP_ID } from '../../modules/payments/sandbox/sandbox-ids.ts';
import { tokenize } from '../../modules/payments/sandbox/tokenizer.ts';
import type { Step } from '../payments-check.ts';

/**
 * The sandbox's live check (decision 031). The sandbox needs no network and no credentials: it
 * is part of the shop. So the check runs the same steps a real provider's does — tokenize a test
 * card, pay ¥100, read the payment back, give it back — against a sandbox of its own, on a
 * throwaway in-memory database, which proves the steps and the printing without touching the
 * shop's data. `env` is not read.
 */
export async function runCheck(step: Step, _env: NodeJS.ProcessEnv): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await step('open a throwaway sandbox (in-memory database)', () => database.migrate());
    const provider = new SandboxProvider(database.db);
    const now = new Date();
    const orderId = 1;
    let token = '';
    await step('tokenize the test card 4111 1111 1111 1111 at the sandbox', async () => {
      const answer = await tokenize(database.db, { shop_id: SANDBOX_SHOP_ID, kind: 'card', card_number: '4111111111111111', limit_month: '12', limit_year: String((now.getUTCFullYear() + 2) % 100).padStart(2, '0'), cvc: '123', card_name: 'TARO TEST' }, now);
      if (!('token' in answer)) throw new Error(`tokenizer answered ${answer.resultCode}`);
      token = answer.token;
    });
    let providerRef = '';
    await step('pay ¥100 by card', async () => {
      const outcome = await provider.create({ paymentId: orderId, payId: 1, amount: 100, description: 'payments:check', token, returnUrl: '/', lang: 'ja', now });
      if (outcome.status !== 'succeeded' || !outcome.providerRef) throw new Error(`the payment is ${outcome.status} ${outcome.errorCode ?? ''}`);
      providerRef = outcome.providerRef;
    });
    await step('read the payment back', async () => {
      const outcome = await provider.status({ paymentId: orderId, providerRef });
      if (outcome.status !== 'succeeded') throw new Error(`the payment reads ${outcome.status}`);
    });
    await step('cancel it (a full refund of the captured ¥100)', async () => {
      const refund = await provider.refund({ paymentId: orderId, providerRef, refundId: 1, amount: 100, paymentAmount: 100, refundedBefore: 0, reason: 'payments:check', now });
      if (refund.status !== 'succeeded') throw new Error(`the refund is ${refund.status} ${refund.errorCode ?? ''}`);
    });
  } finally {
    await database.close();
  }
}
