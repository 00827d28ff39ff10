import type { PayId } from '@oripa/contract/payments';
import type { Order } from '@paypal/paypal-server-sdk';
import {
  NotificationRejectedError,
  type CreatePaymentInput,
  type PaymentProvider,
  type PaymentRef,
  type ProviderNotification,
  type ProviderOutcome,
  type RefundInput,
  type RefundOutcome,
  type Tokenization,
} from '../provider.ts';
import { PayPalApi, PayPalError } from './paypal-api.ts';
import { payPalSettings, type PayPalSettings } from './paypal-env.ts';
import { customIdOf, firstCapture, orderOutcome, refundOutcome } from './paypal-states.ts';
import { verifiedWebhook } from './paypal-webhooks.ts';

/**
 * PayPal (payment id 5) through the official server SDK: an order with intent CAPTURE is
 * created (PayPal-Request-Id keyed by the shop's payment, so a retried create makes one order),
 * the buyer approves at PayPal's payer-action address and comes back to /pay-redirect, and the
 * shop captures the order. The payment's reference is the order id; the shop's payment id
 * travels as the purchase unit's custom_id. Webhooks are checked with PayPal's
 * verify-webhook-signature, then the shop asks PayPal.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal';
  readonly payIds: readonly PayId[] = [5];
  /** PayPal: the order's `amount` is a JPY value with no decimals; PayPal refuses 0, and this adapter knows no higher floor. (decision 061) */
  minimumAmount(): number {
    return 1;
  }
  readonly api: PayPalApi;

  constructor(readonly settings: PayPalSettings = payPalSettings()) {
    this.api = new PayPalApi(settings);
  }

  async tokenization(): Promise<Tokenization> {
    throw new Error('PayPal takes no card or mobile-payment token');
  }

  async create(input: CreatePaymentInput): Promise<ProviderOutcome> {
    const back = `${this.settings.PUBLIC_URL}${input.returnUrl}`;
    try {
      const order = await this.api.call(() =>
        this.api.orders.createOrder({
          paypalRequestId: `oripa-order-${input.paymentId}`,
          prefer: 'return=representation',
          body: {
            intent: 'CAPTURE',
            purchaseUnits: [
              {
                referenceId: 'default',
                customId: customIdOf(input.paymentId),
                invoiceId: customIdOf(input.paymentId),
                description: input.description,
                amount: { currencyCode: 'JPY', value: String(input.amount) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: back,
                  cancelUrl: back,
                  userAction: 'PAY_NOW',
                  shippingPreference: 'NO_SHIPPING',
                  locale: input.lang === 'en' ? 'en-US' : 'ja-JP',
                },
              },
            },
          } as Parameters<PayPalApi['orders']['createOrder']>[0]['body'],
        }),
      );
      return orderOutcome(order);
    } catch (error) {
      if (error instanceof PayPalError && error.status !== 401 && error.status !== 403) return { status: 'failed', errorCode: error.issue || String(error.status) };
      throw error;
    }
  }

  private getOrder(id: string): Promise<Order> {
    return this.api.call(() => this.api.orders.getOrder({ id }));
  }

  /** Captures an approved order (PayPal-Request-Id keyed by the order: a replay answers the same capture). */
  private async capture(order: Order): Promise<ProviderOutcome> {
    const id = order.id ?? '';
    try {
      return orderOutcome(await this.api.call(() => this.api.orders.captureOrder({ id, paypalRequestId: `oripa-capture-${id}`, prefer: 'return=representation' })));
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      // INSTRUMENT_DECLINED and the like: the order says what is left (often still approvable).
      const after = orderOutcome(await this.getOrder(id));
      if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED') return { status: 'failed', providerRef: id, errorCode: error.issue };
      return after;
    }
  }

  async confirm(ref: PaymentRef): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: 'pending' };
    const order = await this.getOrder(ref.providerRef);
    return order.status === 'APPROVED' ? this.capture(order) : orderOutcome(order);
  }

  async status(ref: PaymentRef): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: 'pending' };
    return orderOutcome(await this.getOrder(ref.providerRef));
  }

  /**
   * An order not approved cannot be paid once the shop closed the payment (the shop never
   * captures it; PayPal lets it lapse). One the buyer approved at the last moment is captured:
   * the buyer meant to pay, and the points are credited rather than lost.
   */
  async cancel(ref: PaymentRef, reason: 'expired' | 'canceled'): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: reason };
    const order = await this.getOrder(ref.providerRef);
    if (order.status === 'APPROVED') return this.capture(order);
    const outcome = orderOutcome(order);
    return outcome.status === 'requires_action' ? { status: reason, providerRef: ref.providerRef } : outcome;
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    if (!input.providerRef) return { status: 'failed', errorCode: 'NO_CAPTURE' };
    const captureId = firstCapture(await this.getOrder(input.providerRef))?.id;
    if (!captureId) return { status: 'failed', errorCode: 'NO_CAPTURE' };
    try {
      const refund = await this.api.call(() =>
        this.api.payments.refundCapturedPayment({
          captureId,
          paypalRequestId: `oripa-refund-${input.refundId}`,
          prefer: 'return=representation',
          body: { amount: { currencyCode: 'JPY', value: String(input.amount) }, noteToPayer: input.reason.slice(0, 255) },
        }),
      );
      return refundOutcome(refund);
    } catch (error) {
      if (error instanceof PayPalError) return { status: 'failed', errorCode: error.issue || String(error.status) };
      throw error;
    }
  }

  /** Reachable and accepting the credentials: an OAuth token. */
  async ping(): Promise<void> {
    await this.api.accessToken();
  }

  async verifyNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ProviderNotification> {
    const note = await verifiedWebhook(this.api, body, headers);
    if (!note) throw new NotificationRejectedError('PayPal webhook of an event the shop does not follow');
    return note;
  }
}
