import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { packs } from '../../db/schema/catalog.ts';
import { purchases } from '../../db/schema/gacha.ts';
import type { PendingCheck } from './pending-check.ts';

/** SQL: how many packs of `packId` the member `userId` bought so far (the per-member limit). */
function packsBought(userId: SQLWrapper | number, packId: SQLWrapper | number) {
  return sql`(select coalesce(sum(count), 0)::int from purchases where user_id = ${userId} and pack_id = ${packId})`;
}

/** What a check or buy needs to know of a pack to say whether it sells `count` now. */
const saleTerms = {
  id: packs.id,
  name: packs.name,
  point: packs.point,
  paymentMethod: packs.paymentMethod,
  totalPackCount: packs.totalPackCount,
  drawnCount: packs.drawnCount,
  startAt: packs.startAt,
  endAt: packs.endAt,
  published: packs.published,
  maxBuyCount: packs.maxBuyCount,
  limitPerMember: packs.limitPerMember,
};

export type SaleTerms = { [K in keyof typeof saleTerms]: (typeof packs.$inferSelect)[K] };

/** A pack's sale terms, or undefined when there is no such pack. */
export async function findSaleTerms(db: DbOrTx, packId: number): Promise<SaleTerms | undefined> {
  const [row] = await db.select(saleTerms).from(packs).where(eq(packs.id, packId)).limit(1);
  return row;
}

/**
 * The check's statement as fixed text ($1 session key, $2 payload pack or null, $3 count, $4 the
 * check's time): prepared once per connection under its name, not built per request. The
 * earlier-purchases subquery is packsBought's, spelled out because the text is fixed.
 */
const CHECK_AND_REMEMBER = `
  with c as (
    select s.user_id, u.point_balance as point, u.coin_balance::text as coin, p.id as pack_id,
           s.data->'check' as previous_check, (s.data->>'packId')::int as previous_pack,
           case when p.id is not null then json_build_object(
             'id', p.id, 'name', p.name, 'point', p.point, 'paymentMethod', p.payment_method,
             'totalPackCount', p.total_pack_count, 'drawnCount', p.drawn_count, 'startAt', p.start_at,
             'endAt', p.end_at, 'published', p.published, 'maxBuyCount', p.max_buy_count,
             'limitPerMember', p.limit_per_member) end as pack,
           case when p.limit_per_member > 0
             then (select coalesce(sum(count), 0)::int from purchases where user_id = s.user_id and pack_id = p.id)
             else 0 end as bought,
           case when p.id is not null then jsonb_build_object(
             'packId', p.id, 'count', $3::int, 'at', $4::bigint, 'point', p.point,
             'paymentMethod', p.payment_method, 'name', p.name) end as candidate
    from sessions s
    left join users u on u.id = s.user_id
    left join packs p on p.id = coalesce($2::int, (s.data->>'packId')::int)
    where s.id = $1 and s.expires_at > now()
    limit 1),
  w as (
    update sessions set data = sessions.data || jsonb_build_object('packId', c.pack_id, 'check', c.candidate)
    from c where sessions.id = $1 and c.user_id is not null and c.pack_id is not null
    returning 1)
  select c.user_id, c.point, c.coin, c.pack, c.bought, c.candidate, c.previous_check, c.previous_pack,
         (select count(*) from w)::int as written
  from c`;

/** Rows of a fixed statement, prepared under `name` on PostgreSQL (PGlite has one connection and no names). */
async function namedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  throw new Error('unknown database client');
}

/** What a check decided on, and the check it wrote (see checkAndRemember). */
export interface CheckRow {
  userId: number | null;
  point: number | null;
  coin: string | null;
  pack: SaleTerms | undefined;
  bought: number;
  /** The check written into the session (null when none was: no member or no pack). */
  written: PendingCheck | null;
  /** What the session held before, to put back when the sale rule refuses. */
  previous: { check: PendingCheck | null; packId: number | null };
}

/**
 * A check in ONE round trip (decision 005, "The check in one round trip"): reads the live
 * session (its member and the pack it last opened), the pack's sale terms, the member's
 * balances and, for a pack with a per-member limit, the packs they bought of it, and in the same
 * statement writes the check into the session optimistically — before the sale rule (a pure
 * function in sale-rule.ts, with no SQL copy) has looked at it. A refused check is then undone
 * by `forgetCheck`, a second round trip only on the rare refusal. Meanwhile a buy spending the
 * unapproved check is still judged by the same rule under the batch's locks, so it cannot sell
 * what the rule refuses. `pack_id` of the payload wins over the session's pack. No row: no live
 * session. Reading and writing the sessions table here, not through the sessions service, is
 * the measured exception of the purchase hot path.
 */
export async function checkAndRemember(
  db: Db,
  sessionKey: string,
  packId: number | undefined,
  count: number,
  at: number,
): Promise<CheckRow | undefined> {
  const [row] = await namedRows<{
    user_id: number | null;
    point: number | null;
    coin: string | null;
    pack: (Omit<SaleTerms, 'startAt' | 'endAt'> & { startAt: string; endAt: string | null }) | null;
    bought: number;
    candidate: PendingCheck | null;
    previous_check: PendingCheck | null;
    previous_pack: number | null;
    written: number;
  }>(db, 'purchase_check_remember', CHECK_AND_REMEMBER, [sessionKey, packId ?? null, count, at]);
  if (!row) return undefined;
  const pack = row.pack
    ? { ...row.pack, startAt: new Date(row.pack.startAt), endAt: row.pack.endAt === null ? null : new Date(row.pack.endAt) }
    : undefined;
  return {
    userId: row.user_id,
    point: row.point,
    coin: row.coin,
    pack,
    bought: Number(row.bought),
    written: row.written > 0 ? row.candidate : null,
    previous: { check: row.previous_check, packId: row.previous_pack },
  };
}

/**
 * Undoes the optimistic write of a refused check: the session's check and pack become what they
 * were, unless the check was replaced or spent meanwhile (another tab of the member).
 */
export async function forgetCheck(db: Db, sessionKey: string, written: PendingCheck, previous: CheckRow['previous']): Promise<void> {
  await db.execute(
    sql`update sessions
        set data = (data - 'check' - 'packId')
                   || jsonb_strip_nulls(jsonb_build_object('check', ${JSON.stringify(previous.check)}::jsonb, 'packId', ${previous.packId}::int))
        where id = ${sessionKey} and data->'check' = ${JSON.stringify(written)}::jsonb`,
  );
}

/** Packs this member bought of this pack so far. */
export async function packsBoughtBy(tx: DbOrTx, userId: number, packId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(tx, sql`select ${packsBought(userId, packId)} as n`);
  return rows[0]?.n ?? 0;
}

/** A purchase of this member's (never another's), or undefined. */
export async function memberPurchase(db: DbOrTx, purchaseId: number, userId: number) {
  const [row] = await db
    .select({
      id: purchases.id,
      packId: purchases.packId,
      packName: purchases.packName,
      paymentMethod: purchases.paymentMethod,
      movieStyle: purchases.movieStyle,
      createdAt: purchases.createdAt,
      drawFrom: purchases.drawFrom,
      count: purchases.count,
    })
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  return row;
}

export async function purchasePackName(db: DbOrTx, purchaseId: number): Promise<string> {
  const [row] = await db.select({ name: purchases.packName }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.name ?? '';
}
