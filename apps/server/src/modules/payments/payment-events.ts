import type { PaymentEventKind, PaymentEventSource } from '@oripa/contract/admin-payments';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../audit/audit.service.ts';
import { insertPaymentEvent } from './payment-events.repo.ts';
import type { PaymentRow } from './payments.repo.ts';

/**
 * Why a payment changed: the path that brought the news and, for an operator's act, who. Every
 * change of a payment records one event through `recordPaymentEvent`, inside the transaction of
 * the change, so the history is complete exactly when the change is committed.
 */
export interface PaymentCause {
  source: PaymentEventSource;
  actor?: Actor;
}

/** The cause of an operator's act: the console's operator, or the command line. */
export function operatorCause(actor: Actor): PaymentCause {
  return { source: actor.operatorId === null && actor.name === 'cli' ? 'cli' : 'operator', actor };
}

/** Appends one event to the payment's history; `payment` is the row after the change. */
export function recordPaymentEvent(
  tx: DbOrTx,
  payment: Pick<PaymentRow, 'id' | 'state'>,
  kind: PaymentEventKind,
  cause: PaymentCause,
  detail: Record<string, unknown> = {},
  now?: Date,
): Promise<void> {
  return insertPaymentEvent(tx, {
    paymentId: payment.id,
    kind,
    state: payment.state,
    source: cause.source,
    actor: cause.actor?.name ?? '',
    operatorId: cause.actor?.operatorId ?? null,
    detail,
    ...(now ? { createdAt: now } : {}),
  });
}
