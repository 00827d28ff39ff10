import type { CreatePaymentInput, PaymentRef, ProviderOutcome } from '../provider.ts';
import { ACS_REDIRECT, cardErrorCode, cardStatus, isUnknownOrder } from './gmo-codes.ts';
import { GmoError, type GmoAnswer, type GmoClient } from './gmo-protocol.ts';
import { orderIdOf, type GmoSettings } from './gmo-settings.ts';

/**
 * Cards (pay id 1) at GMO: EntryTran (JobCd CAPTURE: authorize and capture in one, TdFlag 2:
 * EMV 3-D Secure 2.0) then ExecTran with the browser's token. ExecTran answers either the
 * payment (ACS 0) or a challenge (ACS 2, RedirectUrl): the browser goes there and comes back to
 * RetUrl, and SecureTran2 then authorizes and captures what the issuer authenticated.
 */

/** The transaction GMO holds for an order (SearchTrade), or undefined when it has none. */
export async function searchCard(client: GmoClient, orderId: string): Promise<GmoAnswer | undefined> {
  try {
    return await client.call('SearchTrade', { OrderID: orderId });
  } catch (error) {
    if (error instanceof GmoError && isUnknownOrder(error)) return undefined;
    throw error;
  }
}

function failed(error: unknown, providerRef?: string): ProviderOutcome {
  if (!(error instanceof GmoError)) throw error;
  return { status: 'failed', providerRef, errorCode: cardErrorCode(error) };
}

export async function createCard(client: GmoClient, settings: GmoSettings, input: CreatePaymentInput): Promise<ProviderOutcome> {
  const orderId = orderIdOf(settings, input.paymentId);
  let entry: GmoAnswer;
  try {
    entry = await client.call('EntryTran', {
      OrderID: orderId,
      JobCd: 'CAPTURE',
      Amount: input.amount,
      TdFlag: '2',
      TdTenantName: settings.GMO_TDS_TENANT_NAME,
      // A card whose issuer has no 3-D Secure 2.0 is refused rather than charged unauthenticated.
      Tds2Type: '2',
    });
  } catch (error) {
    return failed(error);
  }
  const accessId = entry.AccessID ?? '';
  try {
    const exec = await client.call('ExecTran', {
      AccessID: accessId,
      AccessPass: entry.AccessPass,
      OrderID: orderId,
      Method: '1',
      Token: input.token,
      RetUrl: new URL(input.returnUrl, settings.PUBLIC_URL).toString(),
    });
    if (exec.ACS === ACS_REDIRECT && exec.RedirectUrl) {
      return { status: 'requires_action', providerRef: accessId, redirectUrl: exec.RedirectUrl, threeDSecure: true };
    }
    return { status: 'succeeded', providerRef: accessId };
  } catch (error) {
    return failed(error, accessId);
  }
}

/** Where a card payment stands; with `complete`, a 3-D Secure that came back is authorized (SecureTran2). */
export async function cardOutcome(client: GmoClient, settings: GmoSettings, ref: PaymentRef, complete: boolean): Promise<ProviderOutcome> {
  const trade = await searchCard(client, orderIdOf(settings, ref.paymentId));
  // GMO never saw the order (the create call did not arrive): it is still open.
  if (!trade) return { status: 'pending' };
  const providerRef = trade.AccessID;
  const status = cardStatus(trade.Status ?? '');
  if (!complete || status !== 'requires_action') return { status, providerRef };
  try {
    await client.call('SecureTran2', { AccessID: trade.AccessID, AccessPass: trade.AccessPass });
    return { status: 'succeeded', providerRef };
  } catch (error) {
    if (!(error instanceof GmoError)) throw error;
    const code = cardErrorCode(error);
    // The issuer refused the challenge or the card company declined: final. Any other answer
    // (the challenge not finished yet) leaves the payment waiting.
    if (code === '3DS' || code === 'G12' || /^1\d{3}$/.test(code)) return { status: 'failed', providerRef, errorCode: code };
    return { status: 'requires_action', providerRef };
  }
}
