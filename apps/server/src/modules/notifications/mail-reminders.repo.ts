import { sql } from 'drizzle-orm';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { PAY_ID } from '@oripa/contract/constants';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { mailOptOuts, outbox } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { pointLots } from '../../db/schema/wallet.ts';

/*
 * The reminders read the wallet's point lots and the payments table, read-only, in one
 * set-based statement each: the sweeper queues every due reminder at once instead of a round
 * trip per member. Their data match MailData in mail-templates.ts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function notOptedOut(kind: string) {
  return sql`not exists (select 1 from ${mailOptOuts} o where o.user_id = u.id and o.kind = ${kind})`;
}

/**
 * Points expiring within `daysBefore` days (but not within `laterDays`, the next, closer
 * reminder): one mail per member and expiry day (Japan time), keyed with the window, so each
 * reminder goes once.
 */
export async function queuePointsExpiring(
  db: DbOrTx,
  now: Date,
  daysBefore: number,
  laterDays: number,
): Promise<number> {
  const kind = MAIL_KIND.pointsExpiring;
  const from = new Date(now.getTime() + laterDays * DAY_MS).toISOString();
  const to = new Date(now.getTime() + daysBefore * DAY_MS).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at)
    select 'mail', u.mail, '', u.id, ${kind},
           'points:' || u.id || ':' || l.day || ':' || ${daysBefore}::int, u.lang,
           jsonb_build_object('points', l.points, 'expiresAt', l.first_expiry, 'daysBefore', ${daysBefore}::int),
           'pending', ${now.toISOString()}::timestamptz
      from (select user_id, to_char(expires_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day,
                   sum(remaining)::int as points, min(expires_at) as first_expiry
              from ${pointLots}
             where remaining > 0 and expires_at > ${from}::timestamptz and expires_at <= ${to}::timestamptz
             group by 1, 2) l
      join ${users} u on u.id = l.user_id
     where ${notOptedOut(kind)}
    on conflict (kind, event_key) do nothing
    returning id`,
  );
  return rows.length;
}

/**
 * Convenience-store and bank-transfer orders waiting for the money: with `hours`, those due
 * within that many hours get their reminder (payment_reminder); without, every open slip with
 * its deadline (and, at a store, its receipt number) gets its instructions once
 * (payment_instructions). Queued by the sweeper rather than in the payment's own transaction:
 * the slip's number and deadline arrive through several provider paths, and one set-based
 * statement covers them all; the event key still sends each once.
 */
export async function queuePaymentSlips(db: DbOrTx, now: Date, hours?: number): Promise<number> {
  const kind = hours === undefined ? MAIL_KIND.paymentInstructions : MAIL_KIND.paymentReminder;
  const until = hours === undefined ? null : new Date(now.getTime() + hours * 60 * 60 * 1000).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at)
    select 'mail', u.mail, '', u.id, ${kind}, 'payment:' || p.id, u.lang,
           jsonb_build_object('paymentId', p.id, 'payId', p.pay_id, 'amount', p.amount, 'points', p.point,
                              'dueAt', p.due_at, 'receiptNumber', p.receipt_number, 'option', p.option,
                              'payerName', p.payer_name),
           'pending', ${now.toISOString()}::timestamptz
      from ${payments} p
      join ${users} u on u.id = p.user_id
     where p.state in ('pending','requires_action') and p.pay_id in (${PAY_ID.combini}, ${PAY_ID.bank})
       and (p.pay_id = ${PAY_ID.bank} or p.receipt_number <> '')
       and p.due_at > ${now.toISOString()}::timestamptz
       and (${until}::timestamptz is null or p.due_at <= ${until}::timestamptz)
       and ${notOptedOut(kind)}
    on conflict (kind, event_key) do nothing
    returning id`,
  );
  return rows.length;
}
