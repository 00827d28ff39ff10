import { COMBINI_NAMES, PAY_ID, PAYMENT_RETURN_ROUTES, type CombiniCode, type PaymentOutcome } from '@oripa/contract/payments';
import type { PaymentEventSource } from '@oripa/contract/admin-payments';
import type { Lang } from '@oripa/contract/states';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { saveSessionData, type Session } from '../sessions/sessions.service.ts';
import { formatDeadlineJst } from '../../lib/time.ts';
import { absoluteUrl } from './payment-context.ts';
import { recordPaymentEvent } from './payment-events.ts';
import { applyOutcome } from './payment-state.ts';
import { outcomeView } from './payment-view.ts';
import { applyProviderRefund } from './provider-refunds.service.ts';
import * as repo from './payments.repo.ts';
import { OPEN_STATES, type PaymentRow } from './payments.repo.ts';
import { NotificationRejectedError, type ProviderOutcome } from './provider.ts';
import { providerNamed } from './providers.ts';

/**
 * Finishing payments: whatever brings the news — the browser back from the provider (return,
 * /pay-redirect's append, gmo_result, the checkout completion), a provider notification, or a
 * completion screen — the shop asks the provider (no transaction open) and applies the answer
 * through the guarded state machine. Replays and races therefore credit once.
 */

/**
 * Asks the provider about an open payment and applies the answer; a final payment is returned as
 * is. `source` names the path that asked, for the payment's history.
 */
export async function refreshPayment(
  db: Db,
  payment: PaymentRow,
  mode: 'confirm' | 'status',
  source: PaymentEventSource,
  now = new Date(),
): Promise<PaymentRow> {
  if (!OPEN_STATES.includes(payment.state as (typeof OPEN_STATES)[number])) return payment;
  const provider = providerNamed(db, payment.provider);
  const ref = { paymentId: payment.id, providerRef: payment.providerRef };
  let outcome: ProviderOutcome;
  try {
    outcome = mode === 'confirm' ? await provider.confirm(ref) : await provider.status(ref);
  } catch {
    // The provider did not answer: the payment stays as it is and is asked again later.
    return payment;
  }
  return applyOutcome(db, payment, outcome, now, { source });
}

function notFound(): AppError {
  return AppError.field('payment', 'payment.not_found');
}

/** The member's payment named by id (another member's reads as not found). */
export async function memberPayment(db: Db, userId: number, id: number): Promise<PaymentRow> {
  const payment = await repo.findMemberPayment(db, userId, id);
  if (!payment) throw notFound();
  return payment;
}

/** The payment a completion call means: the one named, else the session's latest, else the member's newest. */
async function resolvePayment(db: Db, session: Session, userId: number, named: number | undefined): Promise<PaymentRow> {
  if (named !== undefined) return memberPayment(db, userId, named);
  const remembered = session.data.lastPaymentId;
  const payment =
    (remembered !== undefined ? await repo.findMemberPayment(db, userId, remembered) : undefined) ??
    (await repo.latestMemberPayment(db, userId));
  if (!payment) throw notFound();
  return payment;
}

async function remember(db: Db, session: Session, payment: PaymentRow): Promise<void> {
  if (session.data.lastPaymentId !== payment.id) await saveSessionData(db, session, { lastPaymentId: payment.id });
}

/**
 * POST /user/point/append {token: payment_id}: /pay-redirect's call when the browser is back
 * from a wallet. Completes what the member approved at the provider; again and again the same.
 */
export async function appendPayment(db: Db, session: Session, userId: number, paymentId: number, lang: Lang): Promise<PaymentOutcome> {
  const payment = await refreshPayment(db, await memberPayment(db, userId, paymentId), 'confirm', 'member');
  await remember(db, session, payment);
  return outcomeView(payment, lang);
}

/** POST /user/gmo_result {id}: the result of a card or mobile payment, completed if the provider says so. */
export async function cardResult(db: Db, session: Session, userId: number, paymentId: number, lang: Lang): Promise<PaymentOutcome> {
  const payment = await memberPayment(db, userId, paymentId);
  if (payment.payId !== PAY_ID.card && payment.payId !== PAY_ID.mobile) throw notFound();
  const after = await refreshPayment(db, payment, 'confirm', 'member');
  await remember(db, session, after);
  return outcomeView(after, lang);
}

/** GET /user/point/end: the completion screens' result ('1' success) and the pack the member came from. */
export async function pointEnd(db: Db, session: Session, userId: number, named: number | undefined, lang: Lang): Promise<PaymentOutcome> {
  const payment = await refreshPayment(db, await resolvePayment(db, session, userId, named), 'status', 'member');
  return outcomeView(payment, lang);
}

/**
 * GET /api/payment/return?payment_id=: where the provider sends the browser back (3-D Secure,
 * mobile payment, carrier). Completes the payment and answers the shop route to show: the
 * success or the failure screen, with the payment id. Only the payment's member learns the
 * outcome; anyone else lands on the failure screen.
 */
export async function returnTarget(db: Db, sessionUserId: number | null, paymentId: number): Promise<string> {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) return PAYMENT_RETURN_ROUTES.carrierError;
  const after = await refreshPayment(db, payment, 'confirm', 'return');
  const query = `?payment_id=${after.id}&pay_id=${after.payId}`;
  const ok = after.state === 'succeeded' && sessionUserId === after.userId;
  return `${ok ? PAYMENT_RETURN_ROUTES.carrierComplete : PAYMENT_RETURN_ROUTES.carrierError}${query}`;
}

/**
 * POST /api/payment/notify/<provider>: a provider's notification. It is verified by the
 * provider adapter (signature), then the shop asks the provider for the payment's status —
 * the notification's own claims are not trusted.
 */
export async function handleNotification(
  db: Db,
  providerName: string,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ payment_id: number; payment_state: string }> {
  const provider = providerNamed(db, providerName);
  const note = await provider.verifyNotification(body, headers);
  const payment = await repo.findPayment(db, note.paymentId);
  if (!payment || payment.provider !== providerName || (payment.providerRef !== null && payment.providerRef !== note.providerRef)) {
    throw new NotificationRejectedError(`no payment ${note.paymentId} with ${providerName} reference ${note.providerRef}`);
  }
  // The verified notification joins the payment's history whatever it changes (often nothing:
  // the browser's return may have completed the payment first).
  await recordPaymentEvent(db, payment, 'notified', { source: 'notification' }, { provider_ref: note.providerRef, ...(note.kind ? { kind: note.kind } : {}) });
  if (note.kind === 'refund' || note.kind === 'chargeback') {
    // Money went back at the provider: take the points back and flag the member (decision 031).
    await applyProviderRefund(db, payment, { ...note, kind: note.kind });
    const now = await repo.findPayment(db, payment.id);
    return { payment_id: payment.id, payment_state: now?.state ?? payment.state };
  }
  const after = await refreshPayment(db, payment, 'status', 'notification');
  return { payment_id: after.id, payment_state: after.state };
}

/** GET /user/point/combini_number: the slip of the member's convenience-store order. */
export async function combiniNumber(db: Db, userId: number, named: number | undefined, origin: string, lang: Lang) {
  const payment = named !== undefined ? await memberPayment(db, userId, named) : await repo.latestMemberPayment(db, userId, { payId: 2 });
  if (!payment || payment.payId !== PAY_ID.combini) throw notFound();
  if (payment.actionUrl === '') {
    // The provider never answered the order: no slip to show.
    throw AppError.field('url', 'payment.combini_unavailable');
  }
  const code = payment.option as CombiniCode;
  return {
    url: absoluteUrl(origin, payment.actionUrl),
    payment_id: payment.id,
    receipt_number: payment.receiptNumber,
    combini_code: code,
    combini_name: COMBINI_NAMES[code]?.[lang] ?? '',
    price: String(payment.amount),
    due: payment.dueAt ? formatDeadlineJst(payment.dueAt) : '',
    payment_state: payment.state,
  };
}

/** GET /user/bank: the account to pay into and the member's bank-transfer order (the latest unless named). */
export async function bankInfo(db: Db, config: Config, userId: number, named: number | undefined) {
  const payment = named !== undefined ? await memberPayment(db, userId, named) : await repo.latestMemberPayment(db, userId, { payId: 4 });
  if (!payment || payment.payId !== PAY_ID.bank) throw notFound();
  // A provider's virtual account for this payment, else the shop's own account.
  const account = payment.bankAccount ?? { bank: config.PAYMENT_BANK_NAME, number: config.PAYMENT_BANK_NUMBER, holder: config.PAYMENT_BANK_HOLDER };
  return {
    bank: account.bank,
    number: account.number,
    name: account.holder,
    price: String(payment.amount),
    payment_id: payment.id,
    payer_name: payment.payerName,
    due: payment.dueAt ? formatDeadlineJst(payment.dueAt) : '',
    payment_state: payment.state,
  };
}
