import type { CarrierId, CombiniCode, PayId } from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';

/**
 * A payment provider as the shop sees it (docs/decisions/006-payments.md). The built-in sandbox
 * implements it; a real provider implements the same methods over its API and is registered
 * in providers.ts. The shop never holds a database transaction while it calls one of these.
 *
 * Every call names the shop's payment (`paymentId`, the provider's order id) and, once known,
 * the provider's reference, so the shop can ask about an order whose create call failed midway.
 */

/** Where a provider says a payment stands. Mirrors the shop's states. */
export type ProviderStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'expired' | 'canceled';

export interface ProviderOutcome {
  status: ProviderStatus;
  providerRef?: string;
  /** requires_action: where the member's browser goes (3-D Secure, consent, QR, wallet). */
  redirectUrl?: string;
  /** Whether the redirect is a 3-D Secure challenge (the shop answers result '7'). */
  threeDSecure?: boolean;
  /** A slip to pay later (convenience store): its number and page. */
  receiptNumber?: string;
  slipUrl?: string;
  /** Deadline of a pending slip or transfer. */
  dueAt?: Date;
  /** Bank transfer to an account the provider opened for this payment (a virtual account). */
  bankAccount?: { bank: string; number: string; holder: string };
  /** The provider's code of a failure, e.g. '1301' or 'G12' (mapped to messages by the shop). */
  errorCode?: string;
}

export interface PaymentRef {
  paymentId: number;
  providerRef: string | null;
}

export interface CreatePaymentInput {
  paymentId: number;
  payId: PayId;
  /** Yen, tax included, from the course. */
  amount: number;
  description: string;
  /** Card or mobile-payment token from the provider's tokenizer (1, 8). */
  token?: string;
  combiniCode?: CombiniCode;
  carrierId?: CarrierId;
  /** Bank transfer: the account holder the money will come from. */
  payerName?: string;
  /** Checkout-session wallet (3): the session the buyer opened at the provider. */
  checkoutSessionId?: string;
  /** The shop page (path) the member's browser comes back to after the provider. */
  returnUrl: string;
  lang: Lang;
  now: Date;
}

/** What the browser needs to tokenize a card or a mobile payment at the provider. */
export interface Tokenization {
  shopId: string;
  scriptUrl: string;
  tokenUrl: string;
}

/** The checkout-session wallet's calls (Amazon Pay style), for providers that have one. */
export interface CheckoutSessions {
  /** Signs the button payload; the browser opens `checkoutUrl` with it. */
  signButton(payload: Record<string, unknown>): Promise<{ payloadJSON: string; signature: string; checkoutUrl: string; publicKeyId: string; storeId: string }>;
  /**
   * The session's state, the payment method the buyer chose and the merchant reference the
   * signed button payload carried (merchantMetadata.customInformation: whose session it is);
   * undefined when unknown.
   */
  get(checkoutSessionId: string): Promise<{ status: 'open' | 'bound' | 'canceled'; payMethod: string; memberRef: string } | undefined>;
}

/**
 * A verified notification: which payment it concerns. The shop then asks the provider for the
 * payment's status (or, for a refund or chargeback, the refund's) and never trusts the body.
 * `kind` defaults to 'payment'; 'refund' is a refund made at the provider (e.g. in its own
 * dashboard), 'chargeback' a dispute the card holder won: both take the points back.
 */
export interface ProviderNotification {
  paymentId: number;
  providerRef: string;
  kind?: 'payment' | 'refund' | 'chargeback';
  /** Yen the refund or chargeback takes back, when the provider says (else the shop asks). */
  amount?: number;
  /** The provider's id of the refund or dispute, which keys the shop's record of it (idempotency). */
  providerRefundRef?: string;
}

/** A refund the shop asks the provider for (full or part of a succeeded payment). */
export interface RefundInput extends PaymentRef {
  /** The shop's id of this refund: the provider's idempotency key where it has one. */
  refundId: number;
  /** Yen to give back (≤ what is still unrefunded). */
  amount: number;
  /** Yen the payment took, so an adapter can choose between a full cancel and a partial change. */
  paymentAmount: number;
  /** Yen refunded earlier of this payment. */
  refundedBefore: number;
  reason: string;
  now: Date;
}

/** Where a refund stands at the provider. */
export interface RefundOutcome {
  status: 'succeeded' | 'pending' | 'failed';
  providerRefundRef?: string;
  errorCode?: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** Payment ids this provider takes. */
  readonly payIds: readonly PayId[];
  /**
   * The least yen this provider takes for a payment of `payId` (a coupon's discount may not take
   * a payment under it: decision 061). Absent: 1 yen (no provider takes a payment of 0).
   */
  minimumAmount?(payId: PayId): number;
  /** Tokenization parameters for pay type 1 (card) or 8 (mobile payment). */
  tokenization(payType: 1 | 8): Promise<Tokenization>;
  /** Creates (and for cards, authorizes and captures) the payment. */
  create(input: CreatePaymentInput): Promise<ProviderOutcome>;
  /** After the browser came back (3-D Secure, consent, wallet): completes what was approved. */
  confirm(ref: PaymentRef): Promise<ProviderOutcome>;
  /** Where the payment stands now, without changing it. */
  status(ref: PaymentRef): Promise<ProviderOutcome>;
  /**
   * Cancels what is not paid yet (an abandoned redirect, a slip past its date). Answers the
   * final status: canceled/expired, or succeeded when the money came in first.
   */
  cancel(ref: PaymentRef, reason: 'expired' | 'canceled'): Promise<ProviderOutcome>;
  /** Verifies a notification posted to /api/payment/notify/<name>; throws when it is not genuine. */
  verifyNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ProviderNotification>;
  /**
   * Gives money of a succeeded payment back, fully or partly (decisions 006 and 031; the shop
   * takes the points back through the ledger once the outcome is 'succeeded').
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Resolves when the provider answers with the shop's credentials; /readyz reports one that does not. */
  ping?(): Promise<void>;
  checkout?: CheckoutSessions;
  /** The plain-text body a provider expects in answer to a verified notification (GMO: '0'); JSON otherwise. */
  readonly notificationAnswer?: string;
}

/** A provider call that failed (network, provider error): the payment's outcome is unknown. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** A notification that did not verify. */
export class NotificationRejectedError extends Error {
  override name = 'NotificationRejectedError';
}
