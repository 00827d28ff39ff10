import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { memberPauseSql, pauseFromJson, type MemberPause } from '../../db/member-pause.ts';
import { namedStatementRows, queryRows } from '../../db/rows.ts';
import { purchases } from '../../db/schema/gacha.ts';
import { hasConditionsText, memberFactsText } from './member-facts.ts';
import { packsBought, packsBoughtText } from './packs-bought.ts';
import type { MemberFacts } from './sale-rule.ts';
import {
  saleTermsFromJson,
  saleTermsJson,
  type PackSaleTerms,
  type SaleTermsJson,
} from './pack-sale-terms.ts';
import type { PendingCheck } from './pending-check.ts';

/** A pack's sale terms, or undefined when there is no such pack. */
export async function findSaleTerms(db: DbOrTx, packId: number): Promise<PackSaleTerms | undefined> {
  const [row] = await queryRows<{ terms: SaleTermsJson }>(
    db,
    sql`select ${sql.raw(saleTermsJson('p'))} as terms from packs p where p.id = ${packId}`,
  );
  return row && saleTermsFromJson(row.terms);
}

/**
 * The checks' statement as fixed text, for any number of checks of distinct sessions ($1 session
 * keys, $2 payload packs or nulls, $3 counts, $4 the checks' times, one element per check):
 * prepared once per connection under its name, not built per request. The sessions are locked
 * first, in key order, as the purchase batch locks them (purchase-batch.repo.ts lockBatch), so
 * two statements locking several sessions never deadlock. The earlier-purchases subquery is
 * packsBought's text; the member's time-out or self-exclusion is read by safety's fragment
 * (db/member-pause.ts, decision 043), in this statement rather than a round trip of its own.
 *
 * Its commit does not wait for the WAL flush (`synchronous_commit` off for this statement's own
 * transaction only, decision 005): what it writes is a pending check, no money. A crash right
 * after could lose the check (the member checks again); the buy that spends it commits
 * synchronously, and that flush covers the check's earlier WAL record too, so no purchase ever
 * rests on a check that was not durable. Every other statement keeps the server's setting.
 *
 * The input arrays are read through sub-selects so that the planner estimates their length the
 * same way with and without their values: PostgreSQL then keeps one generic plan per connection.
 * Given the values, it saw a custom plan as cheaper and planned the statement anew at every call,
 * 0.7 ms a time (issue 23, point 6; `BENCH_LOG_STATEMENTS=1 npm run bench`).
 */
const CHECK_AND_REMEMBER = `
  with input as (
    select * from unnest((select $1::text[]), (select $2::int[]), (select $3::int[]), (select $4::bigint[])) with ordinality
      as i(session_key, pack_id, count, at, ord)),
  locked_sessions as materialized (
    select s.id, s.user_id, s.data from sessions s
    where s.id in (select session_key from input) and s.expires_at > now()
      and (select set_config('synchronous_commit', 'off', true)) is not null
    order by s.id for update),
  checks as (
    select i.ord, i.session_key, l.user_id, u.point_balance as point, u.coin_balance::text as coin, p.id as pack_id,
           l.data->'check' as previous_check, (l.data->>'packId')::int as previous_pack,
           case when u.id is not null then ${memberPauseSql('u')} end as pause,
           case when p.id is not null then ${saleTermsJson('p')} end as pack,
           case when p.limit_per_member > 0
             then ${packsBoughtText('l.user_id', 'p.id')}
             else 0 end as bought,
           case when p.id is not null and l.user_id is not null and ${hasConditionsText('p')}
             then ${memberFactsText('l.user_id', 'p', "(to_timestamp(i.at / 1000.0) at time zone 'Asia/Tokyo')::date")} end as member,
           case when p.id is not null then jsonb_build_object(
             'packId', p.id, 'count', i.count, 'at', i.at, 'price', p.point,
             'paymentMethod', p.payment_method, 'name', p.name) end as candidate
    from input i
    join locked_sessions l on l.id = i.session_key
    left join users u on u.id = l.user_id
    left join packs p on p.id = coalesce(i.pack_id, (l.data->>'packId')::int)),
  remembered as (
    update sessions set data = sessions.data || jsonb_build_object('packId', c.pack_id, 'check', c.candidate)
    from checks c where sessions.id = c.session_key and c.user_id is not null and c.pack_id is not null
    returning sessions.id)
  select c.ord::int as ord, c.user_id, c.point, c.coin, c.pack, c.bought, c.member, c.candidate, c.previous_check, c.previous_pack, c.pause,
         exists (select 1 from remembered r where r.id = c.session_key) as written
  from checks c`;

/** What a check decided on, and the check it wrote (see checkAndRemember). */
export interface CheckRow {
  userId: number | null;
  point: number | null;
  coin: string | null;
  pack: PackSaleTerms | undefined;
  bought: number;
  /** A pack with member conditions: what they ask of this member (decision 056); else undefined. */
  member: MemberFacts | undefined;
  /** The member's time-out or self-exclusion as stored (running or not), or null. */
  pause: MemberPause | null;
  /** The check written into the session (null when none was: no member or no pack). */
  written: PendingCheck | null;
  /** What the session held before, to put back when the sale rule refuses. */
  previous: { check: PendingCheck | null; packId: number | null };
}

/** One check to run: the session, the payload's pack (else the session's), the count and the time. */
export interface CheckInput {
  sessionKey: string;
  packId: number | undefined;
  count: number;
  at: number;
}

/**
 * Checks in ONE round trip (decision 005, "The check in one round trip"), several sessions' in
 * one statement ("Checks share statements"): reads each live session (its member and the pack
 * it last opened), the pack's sale terms, the member's balances and, for a pack with a
 * per-member limit, the packs they bought of it, for a pack with member conditions what those ask
 * of the member (member-facts.ts, decision 056), and in the same statement writes the check into
 * the session optimistically — before the sale rule (a pure function in sale-rule.ts, with no
 * SQL copy) has looked at it. A refused check is then undone by `forgetCheck` (pack-purchase.service.ts), a second round
 * trip only on the rare refusal. Meanwhile a buy spending the unapproved check is still judged
 * by the same rule under the batch's locks, so it cannot sell what the rule refuses. `pack_id`
 * of the payload wins over the session's pack. Undefined for a check without a live session.
 * The session keys must be distinct (TickBatcher sees to it). Reading and writing the sessions
 * table here, not through the sessions service, is the measured exception of the purchase hot
 * path.
 */
export async function checkAndRememberMany(
  db: Db,
  checks: readonly CheckInput[],
): Promise<(CheckRow | undefined)[]> {
  const rows = await namedStatementRows<{
    ord: number;
    user_id: number | null;
    point: number | null;
    coin: string | null;
    pack: SaleTermsJson | null;
    bought: number;
    member: MemberFacts | null;
    candidate: PendingCheck | null;
    previous_check: PendingCheck | null;
    previous_pack: number | null;
    pause: Parameters<typeof pauseFromJson>[0];
    written: boolean;
  }>(db, 'purchase_checks_remember', CHECK_AND_REMEMBER, [
    checks.map((c) => c.sessionKey),
    checks.map((c) => c.packId ?? null),
    checks.map((c) => c.count),
    checks.map((c) => c.at),
  ]);
  const out: (CheckRow | undefined)[] = checks.map(() => undefined);
  for (const row of rows) {
    const pack = row.pack ? saleTermsFromJson(row.pack) : undefined;
    out[row.ord - 1] = {
      userId: row.user_id,
      point: row.point,
      coin: row.coin,
      pack,
      bought: Number(row.bought),
      member: row.member ?? undefined,
      pause: pauseFromJson(row.pause),
      written: row.written ? row.candidate : null,
      previous: { check: row.previous_check, packId: row.previous_pack },
    };
  }
  return out;
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
      seq: purchases.seq,
      buyerTag: purchases.buyerTag,
      drawnAt: purchases.drawnAt,
      beaconRound: purchases.beaconRound,
      shareCode: purchases.shareCode,
    })
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  return row;
}

export async function purchasePackName(db: DbOrTx, purchaseId: number): Promise<string> {
  const [row] = await db
    .select({ name: purchases.packName })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return row?.name ?? '';
}

/** Whether a purchase's cards are drawn yet. */
export async function isDrawn(
  db: DbOrTx,
  purchaseId: number,
): Promise<{ drawnAt: Date | null; beaconRound: number | null } | undefined> {
  const [row] = await db
    .select({ drawnAt: purchases.drawnAt, beaconRound: purchases.beaconRound })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return row;
}
