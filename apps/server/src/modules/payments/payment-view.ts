import { message, type MessageCode } from '@oripa/contract/messages';
import {
  cardErrorField,
  cardErrorMessageCode,
  POINT_BUY_RESULT,
  type PaymentOutcome,
  PAY_ID,
} from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';
import type { ErrorCode } from '../../kernel/errors.ts';
import type { PaymentRow } from './payments.repo.ts';

/** The failure text of a payment (spec section 8), by method and provider code. */
export function failureMessage(payId: number, errorCode: string): { code: ErrorCode & MessageCode } {
  if (payId === PAY_ID.card) return { code: cardErrorMessageCode(errorCode) };
  if (payId === PAY_ID.carrier) return { code: 'payment.carrier_failed' };
  if (payId === PAY_ID.wallet || payId === PAY_ID.wallet2 || payId === PAY_ID.mobileWallet) {
    if (errorCode === 'CHECKOUT_SESSION') return { code: 'payment.checkout_session_required' };
    return { code: 'payment.wallet_failed' };
  }
  return { code: 'payment.other_failed' };
}

/** Errors of a failed point purchase, under the field the web shows them at. */
export function failureErrors(payment: PaymentRow): Record<string, { code: ErrorCode }[]> {
  const failure = failureMessage(payment.payId, payment.errorCode);
  const field = payment.payId === PAY_ID.card ? cardErrorField(payment.errorCode) : 'payment';
  return { [field]: [failure] };
}


const MESSAGE_OF_STATE: Record<string, MessageCode> = {
  succeeded: 'payment.succeeded',
  pending: 'payment.waiting',
  requires_action: 'payment.waiting',
  expired: 'payment.expired',
  canceled: 'payment.canceled',
};

/** `result` of a payment for the completion screens: '1' success, '2' waiting, '0' failure. */
export function resultOf(payment: PaymentRow): string {
  if (payment.state === 'succeeded') return POINT_BUY_RESULT.ok;
  if (payment.state === 'pending' || payment.state === 'requires_action') return POINT_BUY_RESULT.waiting;
  return POINT_BUY_RESULT.failed;
}

/** What point/end, gmo_result, append and the checkout completion answer about a payment. */
export function outcomeView(payment: PaymentRow, lang: Lang): PaymentOutcome {
  const code = MESSAGE_OF_STATE[payment.state];
  return {
    result: resultOf(payment),
    payment_id: payment.id,
    pay_id: String(payment.payId),
    payment_state: payment.state,
    point: String(payment.point),
    price: String(payment.amount),
    pack_id: payment.packId ?? null,
    message: code ? message(code, lang) : message(failureMessage(payment.payId, payment.errorCode).code, lang),
    error_code: payment.errorCode,
  };
}
