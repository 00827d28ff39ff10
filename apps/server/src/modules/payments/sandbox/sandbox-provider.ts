import { PAY_IDS, type PayId } from '@oripa/contract/payments';
import type { Db } from '../../../db/client.ts';
import {
  NotificationRejectedError,
  type CheckoutSessions,
  type CreatePaymentInput,
  type PaymentProvider,
  type PaymentRef,
  type ProviderNotification,
  type ProviderOutcome,
  type RefundInput,
  type RefundOutcome,
  type Tokenization,
} from '../provider.ts';
import { refundForShop, type SandboxRefund } from './sandbox-refunds.ts';
import { sign, signatureMatches } from './sandbox-secret.ts';
import * as sandbox from './sandbox.service.ts';

/**
 * The built-in sandbox provider: every payment id of the spec, offline. Its calls go straight to
 * the sandbox's own records (sandbox.service.ts) where a real adapter would call an HTTP API;
 * its pages (sandbox.routes.ts) stand for the provider's hosted pages, and it notifies the shop
 * at /api/payment/notify/sandbox with a signed body, as a real provider posts a webhook.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly payIds: readonly PayId[] = PAY_IDS;
  /** The sandbox stands for the real providers: the same 1-yen floor. (decision 061) */
  minimumAmount(): number {
    return 1;
  }
  readonly checkout: CheckoutSessions;

  constructor(private readonly db: Db) {
    this.checkout = {
      signButton: async (payload) => {
        const payloadJSON = JSON.stringify({ storeId: sandbox.SANDBOX_STORE_ID, ...payload });
        return {
          payloadJSON,
          signature: await sign(db, payloadJSON),
          checkoutUrl: '/sandbox/pay/checkout',
          publicKeyId: sandbox.SANDBOX_PUBLIC_KEY_ID,
          storeId: sandbox.SANDBOX_STORE_ID,
        };
      },
      get: async (id) => {
        const session = await sandbox.findCheckoutSession(db, id);
        if (!session) return undefined;
        const metadata = (session.payload as { merchantMetadata?: { customInformation?: unknown } }).merchantMetadata;
        const memberRef = typeof metadata?.customInformation === 'string' ? metadata.customInformation : '';
        return { status: session.status as 'open' | 'bound' | 'canceled', payMethod: session.payMethod, memberRef };
      },
    };
  }

  async tokenization(): Promise<Tokenization> {
    return { shopId: sandbox.SANDBOX_SHOP_ID, scriptUrl: '/sandbox/pay/tokenize.js', tokenUrl: '/sandbox/pay/v1/tokens' };
  }

  create(input: CreatePaymentInput): Promise<ProviderOutcome> {
    return sandbox.createTransaction(this.db, input);
  }

  /** The sandbox captures when the member decides on its page, so confirming reads the result. */
  confirm(ref: PaymentRef): Promise<ProviderOutcome> {
    return this.status(ref);
  }

  async status(ref: PaymentRef): Promise<ProviderOutcome> {
    const row = await sandbox.findByOrder(this.db, ref.paymentId);
    // An order the sandbox has not seen (its create call never arrived) is still open.
    return row ? sandbox.outcomeOf(row) : { status: 'pending' };
  }

  cancel(ref: PaymentRef, reason: 'expired' | 'canceled'): Promise<ProviderOutcome> {
    return sandbox.cancelOrder(this.db, ref.paymentId, reason, new Date());
  }

  async verifyNotification(body: unknown): Promise<ProviderNotification> {
    const fields = (body ?? {}) as Record<string, unknown>;
    const payload = fields.payload;
    if (typeof payload !== 'string' || !(await signatureMatches(this.db, payload, fields.signature))) {
      throw new NotificationRejectedError('bad sandbox notification signature');
    }
    const parsed = JSON.parse(payload) as { order_id?: unknown; transaction_id?: unknown; kind?: unknown; amount?: unknown; refund_id?: unknown };
    const paymentId = Number(parsed.order_id);
    if (!Number.isSafeInteger(paymentId) || typeof parsed.transaction_id !== 'string') {
      throw new NotificationRejectedError('malformed sandbox notification');
    }
    if (parsed.kind === 'refund' || parsed.kind === 'chargeback') {
      if (!Number.isSafeInteger(parsed.amount) || typeof parsed.refund_id !== 'string') throw new NotificationRejectedError('malformed sandbox refund notification');
      return { paymentId, providerRef: parsed.transaction_id, kind: parsed.kind, amount: parsed.amount as number, providerRefundRef: parsed.refund_id };
    }
    return { paymentId, providerRef: parsed.transaction_id };
  }

  /** Gives money back at the sandbox, once per shop refund id, never more than was captured. */
  refund(input: RefundInput): Promise<RefundOutcome> {
    return refundForShop(this.db, input);
  }

  /** The sandbox lives in the shop's own database: reachable whenever the database is. */
  async ping(): Promise<void> {}
}

/** The notification of a refund made on the sandbox's own side, or of a chargeback. */
export async function refundNotificationBody(db: Db, orderId: string, refund: SandboxRefund, now: Date): Promise<{ payload: string; signature: string }> {
  const payload = JSON.stringify({ order_id: orderId, transaction_id: refund.transactionId, kind: refund.kind, amount: refund.amount, refund_id: refund.id, sent_at: now.toISOString() });
  return { payload, signature: await sign(db, payload) };
}

/** The notification the sandbox posts to the shop about a transaction. */
export async function notificationBody(db: Db, row: sandbox.SandboxTransaction, now: Date): Promise<{ payload: string; signature: string }> {
  const payload = JSON.stringify({ order_id: row.orderId, transaction_id: row.id, status: row.status, sent_at: now.toISOString() });
  return { payload, signature: await sign(db, payload) };
}
