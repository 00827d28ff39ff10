import type { CombiniCode } from '@oripa/contract/payments';
import { COMBINI_DUE_DAYS } from '@oripa/contract/payments';
import type { CreatePaymentInput, PaymentRef, ProviderOutcome } from '../provider.ts';
import { isUnknownOrder, multiStatus, PAY_TYPE } from './gmo-codes.ts';
import { GmoError, parseGmoDate, type GmoAnswer, type GmoClient } from './gmo-protocol.ts';
import { orderIdOf, type GmoSettings } from './gmo-settings.ts';
import { startPagePath } from './gmo-start.ts';

/**
 * Convenience stores (2), carrier billing (6: docomo, au, SoftBank) and PayPay (8) at GMO. Each
 * is an EntryTran<Kind> then ExecTran<Kind>; SearchTradeMulti with the method's PayType tells
 * where an order stands; <Kind>CancelReturn (SbCancel, CvsCancel) undoes it.
 */
export type MultiKind = 'cvs' | 'docomo' | 'au' | 'softbank' | 'paypay';

/** API name part of each kind (EntryTranCvs, ExecTranSb, PaypayCancelReturn…). */
const API: Record<MultiKind, string> = { cvs: 'Cvs', docomo: 'Docomo', au: 'Au', softbank: 'Sb', paypay: 'Paypay' };
export const cancelApi = (kind: MultiKind) => (kind === 'cvs' ? 'CvsCancel' : kind === 'softbank' ? 'SbCancel' : `${API[kind]}CancelReturn`);

export function multiKindOf(payId: number, option: string): MultiKind | undefined {
  if (payId === 2) return 'cvs';
  if (payId === 8) return 'paypay';
  if (payId === 6 && (option === 'docomo' || option === 'au' || option === 'softbank')) return option;
  return undefined;
}

export function convenienceCode(settings: GmoSettings, code: CombiniCode): string {
  return code === 'sej' ? settings.GMO_CVS_SEJ : code === 'other' ? settings.GMO_CVS_OTHER : settings.GMO_CVS_ECON;
}

function execParams(kind: MultiKind, settings: GmoSettings, input: CreatePaymentInput, actionSeconds: number) {
  if (kind === 'cvs') {
    return {
      Convenience: convenienceCode(settings, input.combiniCode ?? 'econ'),
      CustomerName: settings.GMO_CVS_CUSTOMER_NAME,
      CustomerKana: settings.GMO_CVS_CUSTOMER_KANA,
      TelNo: settings.GMO_CVS_TEL,
      PaymentTermDay: COMBINI_DUE_DAYS,
      ReceiptsDisp11: settings.GMO_TDS_TENANT_NAME,
      ReceiptsDisp12: settings.GMO_CVS_TEL,
      ReceiptsDisp13: settings.GMO_CVS_HOURS,
    };
  }
  const retUrl = new URL(input.returnUrl, settings.PUBLIC_URL).toString();
  const common = { RetURL: retUrl, PaymentTermSec: actionSeconds };
  return kind === 'au' ? { ...common, ServiceName: settings.GMO_TDS_TENANT_NAME, ServiceTel: settings.GMO_CVS_TEL } : common;
}

export async function createMulti(client: GmoClient, settings: GmoSettings, kind: MultiKind, input: CreatePaymentInput, actionSeconds: number): Promise<ProviderOutcome> {
  const orderId = orderIdOf(settings, input.paymentId);
  let accessId: string | undefined;
  try {
    const entry = await client.call(`EntryTran${API[kind]}`, { OrderID: orderId, Amount: input.amount, ...(kind === 'cvs' ? {} : { JobCd: 'CAPTURE' }) });
    accessId = entry.AccessID;
    const exec = await client.call(`ExecTran${API[kind]}`, { AccessID: accessId, AccessPass: entry.AccessPass, OrderID: orderId, ...execParams(kind, settings, input, actionSeconds) });
    if (kind === 'cvs') {
      return {
        status: 'pending',
        providerRef: accessId,
        receiptNumber: exec.ConfNo ? `${exec.ReceiptNo}-${exec.ConfNo}` : exec.ReceiptNo,
        slipUrl: exec.ReceiptUrl ?? '',
        dueAt: parseGmoDate(exec.PaymentTerm),
      };
    }
    const redirectUrl = startPagePath(settings, { startUrl: exec.StartURL ?? '', accessId: accessId ?? '', token: exec.Token ?? '' });
    return { status: 'requires_action', providerRef: accessId, redirectUrl, dueAt: parseGmoDate(exec.StartLimitDate) };
  } catch (error) {
    if (error instanceof GmoError) return { status: 'failed', providerRef: accessId, errorCode: error.errCode };
    throw error;
  }
}

/** The order's transaction at GMO (SearchTradeMulti), or undefined when GMO has none. */
export async function searchMulti(client: GmoClient, settings: GmoSettings, kind: MultiKind, paymentId: number): Promise<GmoAnswer | undefined> {
  try {
    return await client.call('SearchTradeMulti', { OrderID: orderIdOf(settings, paymentId), PayType: PAY_TYPE[kind] });
  } catch (error) {
    if (error instanceof GmoError && isUnknownOrder(error)) return undefined;
    throw error;
  }
}

export async function multiOutcome(client: GmoClient, settings: GmoSettings, kind: MultiKind, ref: PaymentRef): Promise<ProviderOutcome> {
  const trade = await searchMulti(client, settings, kind, ref.paymentId);
  if (!trade) return { status: 'pending' };
  const status = multiStatus(trade.Status ?? '');
  // A redirect still waiting for the member stays requires_action in the shop.
  const waiting = kind !== 'cvs' && status === 'pending' ? 'requires_action' : status;
  return { status: waiting, providerRef: trade.AccessID, ...(trade.Status === 'PAYFAIL' ? { errorCode: 'PAYFAIL' } : {}) };
}

