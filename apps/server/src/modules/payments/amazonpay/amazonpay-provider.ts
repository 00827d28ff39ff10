import type { PayId } from '@oripa/contract/payments';
import type { Db } from '../../../db/client.ts';
import { findPayment } from '../payments.repo.ts';
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
import { AmazonPayApi, AmazonPayError, type AmazonPayObject } from './amazonpay-api.ts';
import { amazonPaySettings, type AmazonPaySettings } from './amazonpay-env.ts';
import { verifiedIpn } from './amazonpay-ipn.ts';
import { checkoutSessions } from './amazonpay-sessions.ts';
import { chargeOutcome, merchantReference, paymentIdOf, refundOutcome, sessionOutcome, yenOf } from './amazonpay-states.ts';

/** The shop's page that hands the signed button payload to Amazon's checkout.js (amazonpay.routes.ts). */
export const AMAZON_PAY_CHECKOUT_PAGE = '/api/payment/amazonpay/checkout';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Amazon Pay Checkout v2 (payment id 3) through the official SDK. The browser opens Amazon's
 * checkout with the signed button payload and comes back with a Checkout Session id; buying
 * updates the session (amount, result address, the shop's order reference) and sends the buyer
 * to Amazon's amazonPayRedirectUrl; back on /amazon-pay-redirect the shop completes the session,
 * which authorizes and captures the charge (AuthorizeWithCapture). The payment's reference is
 * the Checkout Session id; IPNs are SNS-verified, then the shop asks Amazon Pay.
 */
export class AmazonPayProvider implements PaymentProvider {
  readonly name = 'amazonpay';
  readonly payIds: readonly PayId[] = [3];
  /** Amazon Pay: `chargeAmount` in JPY; a charge of 0 is refused, and this adapter knows no higher floor. (decision 061) */
  minimumAmount(): number {
    return 1;
  }
  readonly checkout: CheckoutSessions;
  private readonly api: AmazonPayApi;

  constructor(
    private readonly db: Db,
    private readonly settings: AmazonPaySettings = amazonPaySettings(),
  ) {
    this.api = new AmazonPayApi(settings);
    this.checkout = checkoutSessions(this.api, settings, AMAZON_PAY_CHECKOUT_PAGE);
  }

  /** What the checkout page (amazonpay.routes.ts) needs to start Amazon's checkout. */
  checkoutPageSettings() {
    const { AMAZON_PAY_MERCHANT_ID, AMAZON_PAY_PUBLIC_KEY_ID, AMAZON_PAY_SANDBOX, AMAZON_PAY_CHECKOUT_SCRIPT } = this.settings;
    const sandbox = AMAZON_PAY_SANDBOX || AMAZON_PAY_PUBLIC_KEY_ID.toUpperCase().startsWith('SANDBOX');
    return { merchantId: AMAZON_PAY_MERCHANT_ID, publicKeyId: AMAZON_PAY_PUBLIC_KEY_ID, sandbox, scriptUrl: AMAZON_PAY_CHECKOUT_SCRIPT };
  }

  async tokenization(): Promise<Tokenization> {
    throw new Error('Amazon Pay takes no card or mobile-payment token');
  }

  async create(input: CreatePaymentInput): Promise<ProviderOutcome> {
    const id = input.checkoutSessionId;
    if (!id) return { status: 'failed', errorCode: 'CHECKOUT_SESSION' };
    const reference = merchantReference(input.paymentId);
    const session = await this.api.getCheckoutSession(id);
    const metadata = (session.merchantMetadata ?? {}) as Record<string, unknown>;
    const taken = text(metadata.merchantReferenceId);
    // One session pays for one order: a session another order took is refused, not re-pointed.
    if (session.statusDetails?.state !== 'Open' || (taken !== '' && taken !== reference)) {
      // No reference: the session stays the other order's (references are unique per provider).
      return { status: 'failed', errorCode: 'CHECKOUT_SESSION' };
    }
    let updated: AmazonPayObject;
    try {
      updated = await this.api.updateCheckoutSession(id, {
        webCheckoutDetails: { checkoutResultReturnUrl: `${this.settings.PUBLIC_URL}${input.returnUrl}` },
        paymentDetails: {
          paymentIntent: 'AuthorizeWithCapture',
          canHandlePendingAuthorization: false,
          chargeAmount: { amount: String(input.amount), currencyCode: 'JPY' },
        },
        merchantMetadata: { merchantReferenceId: reference, noteToBuyer: input.description, customInformation: text(metadata.customInformation) },
      });
    } catch (error) {
      if (error instanceof AmazonPayError) return { status: 'failed', errorCode: error.reasonCode || 'CHECKOUT_SESSION' };
      throw error;
    }
    const redirectUrl = text((updated.webCheckoutDetails as Record<string, unknown> | undefined)?.amazonPayRedirectUrl);
    if (!redirectUrl) return { status: 'failed', providerRef: id, errorCode: 'CHECKOUT_SESSION' };
    return { status: 'requires_action', providerRef: id, redirectUrl };
  }

  /** The buyer is back: completes the session (Amazon authorizes and captures), then reads the charge. */
  async confirm(ref: PaymentRef): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: 'pending' };
    const session = await this.api.getCheckoutSession(ref.providerRef);
    if (session.statusDetails?.state !== 'Open') return this.outcomeOf(session, ref.providerRef);
    const details = (session.paymentDetails ?? {}) as Record<string, unknown>;
    try {
      const completed = await this.api.completeCheckoutSession(ref.providerRef, { chargeAmount: details.chargeAmount });
      return await this.outcomeOf(completed, ref.providerRef);
    } catch (error) {
      // Not approved yet, or declined (the session is then Canceled): the session says which.
      if (!(error instanceof AmazonPayError)) throw error;
      return this.status(ref);
    }
  }

  async status(ref: PaymentRef): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: 'pending' };
    return this.outcomeOf(await this.api.getCheckoutSession(ref.providerRef), ref.providerRef);
  }

  private async outcomeOf(session: AmazonPayObject, providerRef: string): Promise<ProviderOutcome> {
    const chargeId = text(session.chargeId);
    if (session.statusDetails?.state === 'Completed' && chargeId) return chargeOutcome(await this.api.getCharge(chargeId), providerRef);
    return sessionOutcome(session, providerRef);
  }

  /**
   * An open session cannot be cancelled through the API. One the buyer approved at the last
   * moment is completed (the buyer meant to pay: credited rather than lost); any other is never
   * completed by the shop once the payment is closed, and Amazon cancels it after 24 hours, so
   * no money moves.
   */
  async cancel(ref: PaymentRef, reason: 'expired' | 'canceled'): Promise<ProviderOutcome> {
    if (!ref.providerRef) return { status: reason };
    const outcome = await this.confirm(ref);
    return outcome.status === 'requires_action' ? { status: reason, providerRef: ref.providerRef } : outcome;
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    if (!input.providerRef) return { status: 'failed', errorCode: 'NO_CHARGE' };
    const chargeId = text((await this.api.getCheckoutSession(input.providerRef)).chargeId);
    if (!chargeId) return { status: 'failed', errorCode: 'NO_CHARGE' };
    try {
      const refund = await this.api.createRefund(
        { chargeId, refundAmount: { amount: String(input.amount), currencyCode: 'JPY' } },
        `oripa-refund-${input.refundId}`,
      );
      return refundOutcome(refund);
    } catch (error) {
      if (error instanceof AmazonPayError) return { status: 'failed', errorCode: error.reasonCode || String(error.status) };
      throw error;
    }
  }

  /** Reachable and accepting the shop's signature: an unknown session answers 404, a bad key 401/403. */
  async ping(): Promise<void> {
    try {
      await this.api.getCheckoutSession('oripa-readiness-check');
    } catch (error) {
      if (error instanceof AmazonPayError && error.status !== 401 && error.status !== 403) return;
      throw error;
    }
  }

  /**
   * An SNS-verified IPN names a charge permission (and a charge, refund or chargeback); the
   * shop's order is the one Amazon Pay holds as the permission's merchantReferenceId.
   */
  async verifyNotification(body: unknown): Promise<ProviderNotification> {
    const ipn = await verifiedIpn(body, this.settings);
    const permission = await this.api.getChargePermission(ipn.ChargePermissionId);
    const paymentId = paymentIdOf((permission.merchantMetadata as Record<string, unknown> | undefined)?.merchantReferenceId);
    const payment = paymentId === undefined ? undefined : await findPayment(this.db, paymentId);
    if (!payment || payment.provider !== this.name || !payment.providerRef) throw new NotificationRejectedError('IPN for no order of this shop');
    const note: ProviderNotification = { paymentId: payment.id, providerRef: payment.providerRef };
    if (ipn.ObjectType === 'CHARGEBACK') return { ...note, kind: 'chargeback', providerRefundRef: ipn.ObjectId };
    if (ipn.ObjectType !== 'REFUND') return note;
    const refund = await this.api.getRefund(ipn.ObjectId);
    const charge = await this.api.getCharge(text(refund.chargeId));
    if (charge.chargePermissionId !== ipn.ChargePermissionId) throw new NotificationRejectedError('refund of another charge permission');
    if (refundOutcome(refund).status !== 'succeeded') return note;
    return { ...note, kind: 'refund', amount: yenOf(refund.refundAmount), providerRefundRef: ipn.ObjectId };
  }
}
