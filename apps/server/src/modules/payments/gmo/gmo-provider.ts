import { PAY_ID } from '@oripa/contract/constants';
import type { PayId } from '@oripa/contract/payments';
import type { Db } from '../../../db/client.ts';
import { findPayment, type PaymentRow } from '../payments.repo.ts';
import type {
  CreatePaymentInput,
  PaymentProvider,
  PaymentRef,
  ProviderNotification,
  ProviderOutcome,
  RefundInput,
  RefundOutcome,
  Tokenization,
} from '../provider.ts';
import { cardOutcome, createCard, searchCard } from './gmo-card.ts';
import { cancelApi, createMulti, multiKindOf, multiOutcome, PAY_LATER, searchMulti, type MultiKind } from './gmo-multi.ts';
import { GMO_NOTIFICATION_ACK, verifyGmoNotification } from './gmo-notification.ts';
import { GmoClient, GmoError } from './gmo-protocol.ts';
import { refundCard, refundMulti } from './gmo-refund.ts';
import type { GmoSettings } from './gmo-settings.ts';

const START_MARGIN_SECONDS = 300;

/**
 * The GMO Payment Gateway adapter (docs/decisions/029-gmo-payment-gateway.md): cards with
 * 3-D Secure 2.0 (1), convenience stores (2), bank transfer to a virtual account per order (4),
 * carrier billing (6) and PayPay (8), over GMO's
 * protocol type API. Each call names the order by the shop's payment id, so an order whose
 * create call was lost is still found (SearchTrade / SearchTradeMulti by order id).
 */
export class GmoProvider implements PaymentProvider {
  readonly name = 'gmo';
  readonly payIds: readonly PayId[] = [1, 2, 4, 6, 8];
  /** GMO PG: the entry calls (gmo-start.ts) send `Amount` as whole yen for every method here (card, convenience store, bank transfer, carrier, PayPay); nothing in this adapter or its notes sets a floor above 1 yen, and 0 is not a payment. (decision 061) */
  minimumAmount(): number {
    return 1;
  }
  /** What the shop answers a verified notification: GMO reads '0' as received. */
  readonly notificationAnswer = GMO_NOTIFICATION_ACK;
  private readonly client: GmoClient;

  constructor(
    private readonly db: Db,
    readonly settings: GmoSettings,
  ) {
    this.client = new GmoClient(settings);
  }

  /** The card tokenizer is GMO's script (Multipayment.getToken); PayPay (8) needs no token. */
  async tokenization(): Promise<Tokenization> {
    return { shopId: this.settings.GMO_SHOP_ID, scriptUrl: this.settings.GMO_TOKEN_SCRIPT_URL, tokenUrl: '' };
  }

  private async payment(ref: { paymentId: number }): Promise<PaymentRow> {
    const row = await findPayment(this.db, ref.paymentId);
    if (!row) throw new Error(`no payment ${ref.paymentId}`);
    return row;
  }

  private kindOf(row: PaymentRow): MultiKind | 'card' {
    if (row.payId === PAY_ID.card) return 'card';
    const kind = multiKindOf(row.payId, row.option);
    if (!kind) throw new Error(`GMO does not take payment ${row.id} (pay id ${row.payId} ${row.option})`);
    return kind;
  }

  async create(input: CreatePaymentInput): Promise<ProviderOutcome> {
    const row = await this.payment(input);
    const kind = this.kindOf(row);
    if (kind === 'card') return createCard(this.client, this.settings, input);
    // GMO's window to start (PaymentTermSec) closes five minutes before the shop's
    // (PAYMENT_ACTION_MINUTES), so no flow can begin at GMO after the sweep has closed the order.
    const seconds = Math.round(((row.dueAt?.getTime() ?? input.now.getTime() + 3600_000) - input.now.getTime()) / 1000) - START_MARGIN_SECONDS;
    return createMulti(this.client, this.settings, kind, input, Math.min(86_400, Math.max(60, seconds)));
  }

  async confirm(ref: PaymentRef): Promise<ProviderOutcome> {
    const kind = this.kindOf(await this.payment(ref));
    return kind === 'card' ? cardOutcome(this.client, this.settings, ref, true) : multiOutcome(this.client, this.settings, kind, ref);
  }

  async status(ref: PaymentRef): Promise<ProviderOutcome> {
    const kind = this.kindOf(await this.payment(ref));
    return kind === 'card' ? cardOutcome(this.client, this.settings, ref, false) : multiOutcome(this.client, this.settings, kind, ref);
  }

  /**
   * Closes an order the member did not finish. Money taken first wins (succeeded). A slip or a
   * virtual account is cancelled at GMO (CvsCancel, CancelTranGANB) so it can no longer be paid. A card challenge needs no call:
   * only the shop's SecureTran2 authorizes. A carrier or PayPay flow not started is closed by
   * GMO's own window (PaymentTermSec, shorter than the shop's); one the member is in the middle
   * of at the carrier (AUTHPROCESS) stays open and is asked about again at the next sweep.
   */
  async cancel(ref: PaymentRef, reason: 'expired' | 'canceled'): Promise<ProviderOutcome> {
    const kind = this.kindOf(await this.payment(ref));
    const now = await (kind === 'card' ? cardOutcome(this.client, this.settings, ref, false) : multiOutcome(this.client, this.settings, kind, ref));
    if (now.status !== 'pending' && now.status !== 'requires_action') return now;
    if (kind !== 'card' && !PAY_LATER.includes(kind) && (await searchMulti(this.client, this.settings, kind, ref.paymentId))?.Status === 'AUTHPROCESS') return now;
    if (kind !== 'card' && PAY_LATER.includes(kind) && now.providerRef) {
      const trade = await searchMulti(this.client, this.settings, kind, ref.paymentId);
      try {
        await this.client.call(cancelApi(kind), { AccessID: trade?.AccessID, AccessPass: trade?.AccessPass, OrderID: trade?.OrderID });
      } catch (error) {
        if (!(error instanceof GmoError)) throw error;
        // Refused: paid at the till a moment ago, or already closed. GMO's answer decides.
        const after = await multiOutcome(this.client, this.settings, kind, ref);
        if (after.status !== 'pending') return after;
        throw error;
      }
    }
    return { status: reason, providerRef: now.providerRef };
  }

  async verifyNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ProviderNotification> {
    return verifyGmoNotification(this.settings, body, headers);
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    const kind = this.kindOf(await this.payment(input));
    return kind === 'card' ? refundCard(this.client, this.settings, input) : refundMulti(this.client, this.settings, kind, input);
  }

  /** Reachable with these credentials: asking about an order that does not exist answers "no such order". */
  async ping(): Promise<void> {
    await searchCard(this.client, `${this.settings.GMO_ORDER_PREFIX}0`);
  }
}
