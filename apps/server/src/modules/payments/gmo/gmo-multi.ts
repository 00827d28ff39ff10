import type { CombiniCode } from '@oripa/contract/payments';
import { BANK_DUE_BUSINESS_DAYS, COMBINI_DUE_DAYS, PAY_ID } from '@oripa/contract/payments';
import { dueAfterBusinessDays } from '../../../kernel/business-days.ts';
import type { CreatePaymentInput, PaymentRef, ProviderOutcome } from '../provider.ts';
import { ACCOUNT_TYPE_CHECKING, isUnknownOrder, multiStatus, PAY_TYPE } from './gmo-codes.ts';
import { GmoError, parseGmoDate, type GmoAnswer, type GmoClient } from './gmo-protocol.ts';
import { orderIdOf, type GmoSettings } from './gmo-settings.ts';
import { startPagePath } from './gmo-start.ts';

/**
 * Convenience stores (2), bank transfer to a virtual account (4, GANB), carrier billing (6:
 * docomo, au, SoftBank) and PayPay (8) at GMO. Each is an EntryTran<Kind> then ExecTran<Kind>;
 * SearchTradeMulti with the method's PayType tells where an order stands; <Kind>CancelReturn
 * (SbCancel, CvsCancel, CancelTranGANB) undoes it.
 */
export type MultiKind = 'cvs' | 'ganb' | 'docomo' | 'au' | 'softbank' | 'paypay';

/** API name part of each kind (EntryTranCvs, ExecTranSb, PaypayCancelReturn…). */
const API: Record<MultiKind, string> = { cvs: 'Cvs', ganb: 'GANB', docomo: 'Docomo', au: 'Au', softbank: 'Sb', paypay: 'Paypay' };
export function cancelApi(kind: MultiKind): string {
  if (kind === 'cvs') return 'CvsCancel';
  if (kind === 'ganb') return 'CancelTranGANB';
  return kind === 'softbank' ? 'SbCancel' : `${API[kind]}CancelReturn`;
}

/** Kinds that wait for the member's money (a slip, a transfer) rather than for the member at a page. */
export const PAY_LATER: readonly MultiKind[] = ['cvs', 'ganb'];

export function multiKindOf(payId: number, option: string): MultiKind | undefined {
  if (payId === PAY_ID.combini) return 'cvs';
  if (payId === PAY_ID.bank) return 'ganb';
  if (payId === PAY_ID.mobile) return 'paypay';
  if (payId === PAY_ID.carrier && (option === 'docomo' || option === 'au' || option === 'softbank'))
    return option;
  return undefined;
}

export function convenienceCode(settings: GmoSettings, code: CombiniCode): string {
  return code === 'sej' ? settings.GMO_CVS_SEJ : code === 'other' ? settings.GMO_CVS_OTHER : settings.GMO_CVS_ECON;
}

/** The transfer's deadline: the shop's (the end of the third business day), as days for GMO's TradeDays. */
function transferDue(now: Date): { dueAt: Date; days: number } {
  const dueAt = dueAfterBusinessDays(now, BANK_DUE_BUSINESS_DAYS);
  return { dueAt, days: Math.max(1, Math.ceil((dueAt.getTime() - now.getTime()) / 86_400_000)) };
}

/** A virtual account as the transfer page shows it (bank and branch, type and number, holder). */
function accountOf(exec: GmoAnswer): { bank: string; number: string; holder: string } {
  return {
    bank: `${exec.BankName ?? ''} ${exec.BranchName ?? ''}（店番号 ${exec.BranchCode ?? ''}）`,
    number: `${exec.AccountType === ACCOUNT_TYPE_CHECKING ? '当座' : '普通'} ${exec.AccountNumber ?? ''}`,
    holder: exec.AccountHolderName ?? '',
  };
}

function execParams(kind: MultiKind, settings: GmoSettings, input: CreatePaymentInput, actionSeconds: number) {
  if (kind === 'ganb') return { TradeDays: transferDue(input.now).days };
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
    const entry = await client.call(`EntryTran${API[kind]}`, { OrderID: orderId, Amount: input.amount, ...(PAY_LATER.includes(kind) ? {} : { JobCd: 'CAPTURE' }) });
    accessId = entry.AccessID;
    const exec = await client.call(`ExecTran${API[kind]}`, { AccessID: accessId, AccessPass: entry.AccessPass, OrderID: orderId, ...execParams(kind, settings, input, actionSeconds) });
    if (kind === 'ganb') return { status: 'pending', providerRef: accessId, bankAccount: accountOf(exec), dueAt: transferDue(input.now).dueAt };
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
  const waiting = !PAY_LATER.includes(kind) && status === 'pending' ? 'requires_action' : status;
  return { status: waiting, providerRef: trade.AccessID, ...(trade.Status === 'PAYFAIL' ? { errorCode: 'PAYFAIL' } : {}) };
}

