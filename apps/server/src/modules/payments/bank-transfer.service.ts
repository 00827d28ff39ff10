import { PAY_ID } from '@oripa/contract/constants';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { operatorCause } from './payment-events.ts';
import { succeedFrom } from './payment-state.ts';
import * as repo from './payments.repo.ts';
import type { PaymentRow } from './payments.repo.ts';

export type ConfirmOutcome =
  | { kind: 'confirmed'; payment: PaymentRow }
  | { kind: 'already'; payment: PaymentRow }
  | { kind: 'not_found' }
  | { kind: 'not_bank'; payment: PaymentRow }
  | { kind: 'closed'; payment: PaymentRow };

export interface ConfirmOptions {
  /** Confirms a transfer that expired before the money came. */
  late?: boolean;
  /** Who confirms: the console's operator, or the command line. */
  actor: Actor;
}

/**
 * An operator confirms that a bank transfer arrived (npm run ops -- payment:confirm ID, or the
 * console): the order moves to succeeded and its points are credited in the same transaction,
 * once, with a 'confirmed' event and an audit entry naming the operator. A transfer that expired is confirmed only
 * with `late` (the money came after the deadline and the operator decided to honour it); failed
 * or cancelled orders are never confirmed.
 */
export async function confirmBankTransfer(db: Db, paymentId: number, options: ConfirmOptions, now = new Date()): Promise<ConfirmOutcome> {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) return { kind: 'not_found' };
  if (payment.payId !== PAY_ID.bank) return { kind: 'not_bank', payment };
  if (payment.state === 'succeeded') return { kind: 'already', payment };
  const late = payment.state === 'expired' && options.late === true;
  if (payment.state === 'pending' || late) {
    const done = await succeedFrom(db, payment, late ? ['expired'] : ['pending'], now, operatorCause(options.actor), {
      kind: 'confirmed',
      detail: { late },
      within: (tx, row) =>
        recordAudit(tx, options.actor, {
          action: late ? 'payment.confirm_late' : 'payment.confirm',
          target: `payment:${row.id}`,
          before: { state: payment.state },
          after: { state: row.state, point: row.point, amount: row.amount },
        }),
    });
    return done.credited ? { kind: 'confirmed', payment: done.payment } : outcomeOfRace(done.payment);
  }
  return { kind: 'closed', payment };
}

function outcomeOfRace(payment: PaymentRow): ConfirmOutcome {
  return payment.state === 'succeeded' ? { kind: 'already', payment } : { kind: 'closed', payment };
}
