import { PAY_ID } from '@oripa/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/*
 * What the alerts watch, read-only, one cheap statement each (issue 27 point 7, decision 046).
 * The tables are other modules' (catalog, shipping, notifications, payments) and pg-boss's own.
 */

/** Packs on sale now whose packs left are between 1 and `threshold`. */
export function packsRunningLow(db: DbOrTx, now: Date, threshold: number) {
  return queryRows<{ id: number; name: string; remaining: number }>(
    db,
    sql`select id, name, (total_pack_count - drawn_count)::int as remaining
          from packs
         where published and revealed_at is null
           and start_at <= ${now.toISOString()}::timestamptz
           and (end_at is null or end_at > ${now.toISOString()}::timestamptz)
           and total_pack_count - drawn_count between 1 and ${threshold}
         order by id`,
  );
}

/** Open shipping requests made before `cutoff` (past the shipping promise), with the oldest. */
export async function overdueShipping(db: DbOrTx, cutoff: Date, openStates: readonly string[]) {
  const [row] = await queryRows<{ count: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as count, min(created_at) as oldest
          from shipping_requests
         where status in (select jsonb_array_elements_text(${JSON.stringify(openStates)}::jsonb))
           and created_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Mails created since `since` that failed for good, or are still failing after 3 attempts. */
export async function failingMails(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from outbox
         where channel = 'mail' and created_at >= ${since.toISOString()}::timestamptz
           and (state = 'failed' or (state = 'pending' and attempts >= 3))`,
  );
  return row?.count ?? 0;
}

/**
 * Point orders open since before `before` that should have settled: a convenience-store slip
 * or bank transfer only once its own deadline has passed (they wait days on purpose).
 */
export async function paymentsWaitingLong(db: DbOrTx, before: Date, now: Date) {
  const [row] = await queryRows<{ count: number; amount: number }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as amount
          from payments
         where state in ('pending', 'requires_action')
           and created_at < ${before.toISOString()}::timestamptz
           and (pay_id not in (${PAY_ID.combini}, ${PAY_ID.bank}) or due_at is null or due_at < ${now.toISOString()}::timestamptz)`,
  );
  return { count: row?.count ?? 0, amount: row?.amount ?? 0 };
}

/**
 * Jobs of the job engine (pg-boss, schema pgboss) due for more than five minutes and not yet
 * started; 0 while the engine has not installed its schema.
 */
export async function jobsWaiting(db: DbOrTx): Promise<number> {
  const [installed] = await queryRows<{ ok: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as ok`);
  if (!installed?.ok) return 0;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pgboss.job
         where state in ('created', 'retry') and start_after < now() - interval '5 minutes'`,
  );
  return row?.count ?? 0;
}
