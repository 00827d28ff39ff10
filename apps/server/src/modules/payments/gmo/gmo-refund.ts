import type { RefundInput, RefundOutcome } from '../provider.ts';
import { cardErrorCode } from './gmo-codes.ts';
import { searchCard } from './gmo-card.ts';
import { cancelApi, searchMulti, type MultiKind } from './gmo-multi.ts';
import { GmoError, parseGmoDate, type GmoClient } from './gmo-protocol.ts';
import { orderIdOf, type GmoSettings } from './gmo-settings.ts';

/**
 * Refunds at GMO. A card refund of the whole remainder cancels the sale (AlterTran JobCd VOID on
 * the day of the sale, RETURN later in the month, RETURNX after the month); a part changes the
 * captured amount to what remains (ChangeTran JobCd CAPTURE), which is the same request however
 * often it is repeated. Carriers and PayPay cancel an amount (<Kind>CancelReturn CancelAmount),
 * once: GMO's current amount tells whether this refund already went through. A convenience-store
 * payment (cash at the till) or a bank transfer cannot be refunded through GMO.
 */

const jstDay = (date: Date) => new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

function cardCancelJob(soldAt: Date | undefined, now: Date): 'VOID' | 'RETURN' | 'RETURNX' {
  if (!soldAt || jstDay(soldAt) === jstDay(now)) return 'VOID';
  return jstDay(soldAt).slice(0, 7) === jstDay(now).slice(0, 7) ? 'RETURN' : 'RETURNX';
}

function refused(error: unknown): RefundOutcome {
  if (error instanceof GmoError) return { status: 'failed', errorCode: cardErrorCode(error) };
  throw error;
}

export async function refundCard(client: GmoClient, settings: GmoSettings, input: RefundInput): Promise<RefundOutcome> {
  const trade = await searchCard(client, orderIdOf(settings, input.paymentId));
  if (!trade) return { status: 'failed', errorCode: 'NOT_FOUND' };
  const remaining = input.paymentAmount - input.refundedBefore - input.amount;
  const ref = `${trade.AccessID}:refund:${input.refundId}`;
  const keys = { AccessID: trade.AccessID, AccessPass: trade.AccessPass };
  try {
    if (remaining <= 0) {
      if (['VOID', 'RETURN', 'RETURNX'].includes(trade.Status ?? '')) return { status: 'succeeded', providerRefundRef: ref };
      await client.call('AlterTran', { ...keys, JobCd: cardCancelJob(parseGmoDate(trade.TranDate ?? trade.ProcessDate), input.now) });
    } else if (Number(trade.Amount) !== remaining) {
      await client.call('ChangeTran', { ...keys, JobCd: 'CAPTURE', Amount: remaining });
    }
    return { status: 'succeeded', providerRefundRef: ref };
  } catch (error) {
    return refused(error);
  }
}

export async function refundMulti(client: GmoClient, settings: GmoSettings, kind: MultiKind, input: RefundInput): Promise<RefundOutcome> {
  // Cash at the till or a transfer: GMO cannot pay it back (the operator refunds by bank).
  if (kind === 'cvs' || kind === 'ganb') return { status: 'failed', errorCode: 'UNSUPPORTED' };
  const trade = await searchMulti(client, settings, kind, input.paymentId);
  if (!trade) return { status: 'failed', errorCode: 'NOT_FOUND' };
  const ref = `${trade.AccessID}:refund:${input.refundId}`;
  const remaining = input.paymentAmount - input.refundedBefore - input.amount;
  // Already at (or below) what should remain: an earlier attempt of this refund went through.
  if (Number(trade.Amount) <= remaining || trade.Status === 'CANCEL') return { status: 'succeeded', providerRefundRef: ref };
  try {
    await client.call(cancelApi(kind), { AccessID: trade.AccessID, AccessPass: trade.AccessPass, OrderID: orderIdOf(settings, input.paymentId), CancelAmount: input.amount });
    return { status: 'succeeded', providerRefundRef: ref };
  } catch (error) {
    return refused(error);
  }
}
