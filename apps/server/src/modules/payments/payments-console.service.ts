import type { MemberDetail } from '@oripa/contract/admin-members';
import {
  PAYMENT_SEARCH_LIMIT,
  type AdminPayment,
  type OutsidePaymentInput,
  type PaymentDetail,
  type PaymentEventKind,
  type PaymentEventSource,
} from '@oripa/contract/admin-payments';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { confirmBankTransfer } from './bank-transfer.service.ts';
import { pageActiveCourses } from './courses.repo.ts';
import { recordOutsidePayment } from './outside-payment.service.ts';
import { paymentEventsOf } from './payment-events.repo.ts';
import { operatorCause, recordPaymentEvent } from './payment-events.ts';
import { releaseDiscountOf } from './payment-state.ts';
import { memberPayments, paymentWithMail } from './payments-admin.repo.ts';
import { searchPayments, transition, type PaymentRow } from './payments.repo.ts';

type MemberPayment = MemberDetail['payments'][number];

/** A payment as the member page lists it; the payments screen adds the rest (`viewOf`). */
function memberView(p: PaymentRow): MemberPayment {
  return {
    id: p.id,
    pay_id: p.payId,
    option: p.option,
    state: p.state,
    point: p.point,
    amount: p.amount,
    provider: p.provider,
    provider_ref: p.providerRef ?? '',
    payer_name: p.payerName,
    created_at: p.createdAt.toISOString(),
    completed_at: p.completedAt?.toISOString() ?? null,
  };
}

function viewOf({ payment: p, mail }: { payment: PaymentRow; mail: string }): AdminPayment {
  return {
    ...memberView(p),
    user_id: p.userId,
    mail,
    receipt_number: p.receiptNumber,
    error_code: p.errorCode,
    due_at: p.dueAt?.toISOString() ?? null,
  };
}

/** A member's latest payments (point purchases) for the console's member page. */
export async function paymentsForConsole(db: Db, userId: number): Promise<MemberPayment[]> {
  return (await memberPayments(db, userId, 200)).map(memberView);
}

const jstMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);

/** The console's payment search: a member id or part of an address, method, state, Japan dates. */
export async function findPayments(
  db: Db,
  q: { member?: string | undefined; method?: number | undefined; state?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<{ payments: AdminPayment[]; more: boolean }> {
  const member = q.member || undefined;
  const rows = await searchPayments(db, {
    userId: member && /^\d{1,9}$/.test(member) ? Number(member) : undefined,
    mail: member && !/^\d{1,9}$/.test(member) ? member : undefined,
    payId: q.method,
    state: q.state,
    from: q.from ? jstMidnight(q.from) : undefined,
    until: q.to ? new Date(jstMidnight(q.to).getTime() + 86_400_000) : undefined,
    limit: PAYMENT_SEARCH_LIMIT + 1,
  });
  return { payments: rows.slice(0, PAYMENT_SEARCH_LIMIT).map(viewOf), more: rows.length > PAYMENT_SEARCH_LIMIT };
}

async function current(db: Db, id: number): Promise<AdminPayment> {
  const row = await paymentWithMail(db, id);
  if (!row) throw AppError.field('payment_id', 'payment.not_found');
  return viewOf(row);
}

/**
 * A bank transfer arrived: the same path as `ops payment:confirm` (the order succeeds and its
 * points are credited once, keyed by the payment), with its event and audit entry in the
 * transaction of the credit.
 */
export async function confirmTransfer(db: Db, paymentId: number, late: boolean, actor: Actor): Promise<{ applied: boolean; payment: AdminPayment }> {
  const outcome = await confirmBankTransfer(db, paymentId, { late, actor });
  switch (outcome.kind) {
    case 'not_found':
      throw AppError.field('payment_id', 'payment.not_found');
    case 'not_bank':
      throw AppError.field('payment_id', 'admin.payment_not_bank');
    case 'closed':
      if (outcome.payment.state === 'expired') throw AppError.field('payment_id', 'admin.payment_expired');
      throw AppError.field('payment_id', 'admin.payment_closed', { state: outcome.payment.state });
    case 'already':
      return { applied: false, payment: await current(db, paymentId) };
    case 'confirmed':
      return { applied: true, payment: await current(db, paymentId) };
  }
}

/** A pending payment whose deadline passed is cancelled now (before the sweeper would expire it). */
export async function cancelOverdue(db: Db, paymentId: number, actor: Actor, now = new Date()): Promise<{ applied: boolean; payment: AdminPayment }> {
  const before = await current(db, paymentId);
  const overdue = (before.state === 'pending' || before.state === 'requires_action') && before.due_at !== null && new Date(before.due_at) <= now;
  if (before.state === 'canceled') return { applied: false, payment: before };
  if (!overdue) throw AppError.field('payment_id', 'admin.payment_not_due');
  const moved = await db.transaction(async (tx) => {
    const row = await transition(tx, paymentId, ['pending', 'requires_action'], { state: 'canceled', completedAt: now }, now);
    if (row) {
      await releaseDiscountOf(tx, row, now);
      await recordPaymentEvent(tx, row, 'canceled', operatorCause(actor), {}, now);
      await recordAudit(tx, actor, { action: 'payment.cancel', target: `payment:${paymentId}`, before: { state: before.state }, after: { state: 'canceled' } });
    }
    return row;
  });
  return { applied: moved !== undefined, payment: await current(db, paymentId) };
}

/** A payment and its whole history, oldest event first (the console's payment page). */
export async function paymentDetail(db: Db, paymentId: number): Promise<PaymentDetail> {
  const row = await paymentWithMail(db, paymentId);
  if (!row) throw AppError.field('id', 'payment.not_found');
  const events = await paymentEventsOf(db, paymentId);
  return {
    payment: { ...viewOf(row), course_id: row.payment.courseId, updated_at: row.payment.updatedAt.toISOString() },
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind as PaymentEventKind,
      state: e.state,
      source: e.source as PaymentEventSource,
      actor: e.actor,
      detail: e.detail,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/** Records money received outside the site (see recordOutsidePayment), answered as the console shows payments. */
export async function recordOutside(db: Db, input: OutsidePaymentInput, actor: Actor): Promise<{ applied: boolean; payment: AdminPayment }> {
  const { applied, payment } = await recordOutsidePayment(db, input, actor);
  return { applied, payment: await current(db, payment.id) };
}

/** The courses an outside payment may name: the active ones, in the shop's order. */
export async function coursesForConsole(db: Db) {
  const { rows } = await pageActiveCourses(db, 200, 0);
  return { courses: rows.map((c) => ({ id: c.id, point: c.point, price: c.price, memo: c.memo })) };
}
