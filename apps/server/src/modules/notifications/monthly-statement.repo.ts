import { sql } from 'drizzle-orm';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { mailOptOuts, outbox } from '../../db/schema/notifications.ts';

/**
 * The monthly statement (issue 26, point 4): for each member who did anything with money, packs
 * or cards in a Japan-time month, one mail of that month's figures. It reads payments, refunds,
 * purchases, holdings, exchanges and shipping requests read-only, in one set-based statement,
 * and queues the mails in the same statement, keyed by member and month, so each goes once.
 * Its data match MailData['monthly_statement'] in mail-templates.ts.
 */

const kind = MAIL_KIND.monthlyStatement;

/**
 * Whether the statements of the month ending at `end` were queued already: one statement queues
 * them all, stamped with the sweep's time, so any statement row created since `end` says so. The
 * read walks the outbox's creation-time index from `end`, where the statements are the first rows.
 */
export async function statementsQueued(db: DbOrTx, end: Date): Promise<boolean> {
  const rows = await queryRows<{ done: boolean }>(
    db,
    sql`select exists (select 1 from ${outbox} where created_at >= ${end.toISOString()}::timestamptz and kind = ${kind}) as done`,
  );
  return rows[0]?.done === true;
}

/** Queues the statement of the month [start, end) keyed `month` for every member active in it. */
export async function queueStatements(
  db: DbOrTx,
  month: string,
  start: Date,
  end: Date,
  now: Date,
): Promise<number> {
  const from = start.toISOString();
  const to = end.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with paid as (
      select user_id, sum(amount)::int as yen, sum(point)::int as points
        from payments
       where state = 'succeeded' and completed_at >= ${from}::timestamptz and completed_at < ${to}::timestamptz
       group by user_id),
    refunded as (
      select user_id, sum(amount)::int as yen
        from payment_refunds
       where state = 'succeeded' and completed_at >= ${from}::timestamptz and completed_at < ${to}::timestamptz
       group by user_id),
    drawn as (
      select user_id, sum(count)::int as packs,
             coalesce(sum(cost) filter (where payment_method = ${PAYMENT_METHOD.points}), 0)::int as points_spent,
             coalesce(sum(cost) filter (where payment_method = ${PAYMENT_METHOD.coins}), 0)::int as coins_spent
        from purchases
       where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
       group by user_id),
    converted as (
      select user_id, count(*)::int as cards, sum(buy_point)::int as points
        from holdings
       where state = 'converted' and decided_at >= ${from}::timestamptz and decided_at < ${to}::timestamptz
       group by user_id),
    parcels as (
      -- Shipped in the month, whatever became of them since (delivered, returned): shipped_at
      -- is stamped once, when the parcel leaves.
      select id, user_id from shipping_requests
       where shipped_at >= ${from}::timestamptz and shipped_at < ${to}::timestamptz),
    shipped as (
      select p.user_id, count(*)::int as parcels,
             sum((select count(*) from holdings h where h.shipping_request_id = p.id)
               + (select count(*) from exchanges e where e.shipping_request_id = p.id))::int as cards
        from parcels p group by p.user_id),
    active as (
      select user_id from paid union select user_id from refunded union select user_id from drawn
      union select user_id from converted union select user_id from shipped)
    insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at, created_at)
    select 'mail', u.mail, '', u.id, ${kind}, 'statement:' || ${month} || ':' || u.id, u.lang,
           jsonb_build_object(
             'month', ${month}::text,
             'paidYen', coalesce(paid.yen, 0), 'refundedYen', coalesce(refunded.yen, 0),
             'pointsBought', coalesce(paid.points, 0),
             'packsDrawn', coalesce(drawn.packs, 0), 'pointsSpent', coalesce(drawn.points_spent, 0),
             'coinsSpent', coalesce(drawn.coins_spent, 0),
             'cardsConverted', coalesce(converted.cards, 0), 'pointsFromConversion', coalesce(converted.points, 0),
             'parcelsShipped', coalesce(shipped.parcels, 0), 'cardsShipped', coalesce(shipped.cards, 0)),
           'pending', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from active a
      join users u on u.id = a.user_id
      left join paid on paid.user_id = a.user_id
      left join refunded on refunded.user_id = a.user_id
      left join drawn on drawn.user_id = a.user_id
      left join converted on converted.user_id = a.user_id
      left join shipped on shipped.user_id = a.user_id
     where u.mail <> ''
       and not exists (select 1 from ${mailOptOuts} o where o.user_id = u.id and o.kind = ${kind})
    on conflict (kind, event_key) do nothing
    returning id`,
  );
  return rows.length;
}
