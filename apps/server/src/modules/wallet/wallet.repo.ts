import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

/** A lot's kind (decision 055): bought with money, or given. */
export type PointKind = 'paid' | 'free';

/**
 * The spending order of a member's lots (decision 055), the one place it is written: free
 * points before paid ones, and within each kind the soonest to expire first (then the oldest
 * lot). Spending free points first leaves the member the paid points, which are refundable and
 * outlast them, and keeps the shop's paid unused balance (資金決済法) at its largest.
 */
const SPEND_ORDER = (lots: SQL) => sql`(${lots}.kind = 'paid'), ${lots}.expires_at, ${lots}.id`;

export interface LedgerEntry {
  userId: number;
  reason: string;
  ref: string;
  memo: string;
  idempotencyKey: string | null;
}

/**
 * Reserves the ledger row of a change before the balance moves. Returns its id, or undefined
 * when a row with the same idempotency key exists (the change was made before).
 */
export async function reservePointEntry(
  tx: DbOrTx,
  entry: LedgerEntry & { delta: number; money: number; freeDelta: number },
): Promise<number | undefined> {
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into point_ledger (user_id, delta, balance_after, reason, ref, memo, money, idempotency_key, free_delta)
        values (${entry.userId}, ${entry.delta}, 0, ${entry.reason}, ${entry.ref}, ${entry.memo}, ${entry.money}, ${entry.idempotencyKey}, ${entry.freeDelta})
        on conflict (idempotency_key) do nothing
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/**
 * Moves the point balance by `delta` (refusing to go below zero) and stamps the reserved ledger
 * row with the balance after, in one statement. Undefined when the balance is too small.
 */
export async function applyPointDelta(
  tx: DbOrTx,
  userId: number,
  delta: number,
  ledgerId: number,
): Promise<number | undefined> {
  const rows = await queryRows<{ balance_after: number }>(
    tx,
    sql`with member as (
          update users set point_balance = point_balance + ${delta}, point_seq = point_seq + 1, updated_at = now()
          where id = ${userId} and point_balance + ${delta} >= 0
          returning point_balance, point_seq)
        update point_ledger set balance_after = member.point_balance, seq = member.point_seq from member
        where point_ledger.id = ${ledgerId}
        returning point_ledger.balance_after`,
  );
  return rows[0]?.balance_after;
}

/** Opens a lot of `kind` for granted points, expiring at `expiresAt`. */
export async function insertPointLot(
  tx: DbOrTx,
  lot: { userId: number; amount: number; now: Date; expiresAt: Date; ledgerId: number; kind: PointKind },
): Promise<void> {
  await tx.execute(
    sql`insert into point_lots (user_id, amount, remaining, granted_at, expires_at, ledger_id, kind)
        values (${lot.userId}, ${lot.amount}, ${lot.amount}, ${lot.now}, ${lot.expiresAt}, ${lot.ledgerId}, ${lot.kind})`,
  );
}

/**
 * Takes `amount` points out of the member's unexpired lots in the spending order (SPEND_ORDER),
 * and stamps the debit's ledger row with the part that was free points, in one set-based
 * statement. The caller holds the member's row lock (the balance update), so concurrent spends
 * of one member run one after another.
 */
export async function consumePointLots(tx: DbOrTx, userId: number, amount: number, now: Date, ledgerId: number): Promise<void> {
  await tx.execute(
    sql`with open as (
          select id, kind, remaining,
                 sum(remaining) over (order by ${SPEND_ORDER(sql.raw('point_lots'))}) as upto
          from point_lots
          where user_id = ${userId} and remaining > 0 and expires_at > ${now}),
        take as (
          select id, kind, least(remaining, ${amount} - (upto - remaining)) as n
          from open where upto - remaining < ${amount}),
        taken as (
          update point_lots p set remaining = p.remaining - take.n
          from take where p.id = take.id
          returning take.kind, take.n)
        update point_ledger set free_delta = -(select coalesce(sum(n), 0) from taken where kind = 'free')::int
        where id = ${ledgerId}`,
  );
}

/**
 * Expires what remains of lots past their date — of some members, or (userIds null) of anyone,
 * at most `limit` lots — moving each member's balance and writing one 'expire' ledger row per
 * member, all in one statement. Returns the number of lots expired.
 */
export async function expirePointLots(
  tx: DbOrTx,
  now: Date,
  userIds: readonly number[] | null,
  limit: number,
  memo: string,
): Promise<number> {
  const owner = userIds === null ? sql`true` : sql`user_id = any(${intArray(userIds)}::int[])`;
  // The sweeper skips lots a member's own spend is expiring; a spend waits for the sweeper, so
  // it never counts points the sweeper is taking away.
  const lock = userIds === null ? sql`for update skip locked` : sql`for update`;
  const rows = await queryRows<{ lots: number }>(
    tx,
    sql`with due as (
          select id, user_id, remaining, kind from point_lots
          where ${owner} and remaining > 0 and expires_at <= ${now}
          order by expires_at, id
          limit ${limit}
          ${lock}),
        zeroed as (
          update point_lots p set remaining = 0 from due where p.id = due.id
          returning due.user_id, due.remaining as gone, due.kind),
        per_user as (
          select user_id, sum(gone)::int as gone, coalesce(sum(gone) filter (where kind = 'free'), 0)::int as free_gone,
                 count(*)::int as lots
          from zeroed group by user_id),
        members as (
          update users set point_balance = users.point_balance - per_user.gone, point_seq = users.point_seq + 1, updated_at = now()
          from per_user where users.id = per_user.user_id
          returning users.id, users.point_balance, users.point_seq, per_user.gone, per_user.free_gone, per_user.lots),
        ledger as (
          insert into point_ledger (user_id, delta, free_delta, balance_after, reason, memo, seq, created_at)
          select id, -gone, -free_gone, point_balance, 'expire', ${memo}, point_seq, ${now} from members
          returning 1)
        select coalesce(sum(lots), 0)::int as lots from members`,
  );
  return rows[0]?.lots ?? 0;
}

export async function reserveCoinEntry(tx: DbOrTx, entry: LedgerEntry & { delta: string; money?: number }): Promise<number | undefined> {
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into coin_ledger (user_id, delta, balance_after, reason, ref, memo, money, idempotency_key)
        values (${entry.userId}, ${entry.delta}, 0, ${entry.reason}, ${entry.ref}, ${entry.memo}, ${entry.money ?? 0}, ${entry.idempotencyKey})
        on conflict (idempotency_key) do nothing
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function applyCoinDelta(
  tx: DbOrTx,
  userId: number,
  delta: string,
  ledgerId: number,
): Promise<string | undefined> {
  const rows = await queryRows<{ balance_after: string }>(
    tx,
    sql`with member as (
          update users set coin_balance = coin_balance + ${delta}::numeric, coin_seq = coin_seq + 1, updated_at = now()
          where id = ${userId} and coin_balance + ${delta}::numeric >= 0
          returning coin_balance, coin_seq)
        update coin_ledger set balance_after = member.coin_balance, seq = member.coin_seq from member
        where coin_ledger.id = ${ledgerId}
        returning coin_ledger.balance_after::text as balance_after`,
  );
  return rows[0]?.balance_after;
}

/** Whether the member has any point purchase (a ledger row with reason 'purchase'). */
export async function hasPurchaseEntry(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from point_ledger where user_id = ${userId} and reason = 'purchase' limit 1`,
  );
  return rows.length > 0;
}

/** Yen the member paid for points in [from, to). */
export async function sumPurchaseMoney(db: DbOrTx, userId: number, from: Date, to: Date): Promise<number> {
  const rows = await queryRows<{ total: string | number }>(
    db,
    sql`select coalesce(sum(money), 0) as total from point_ledger
        where user_id = ${userId} and reason = 'purchase' and created_at >= ${from} and created_at < ${to}`,
  );
  return Number(rows[0]?.total ?? 0);
}

export interface BatchDebit {
  userId: number;
  /** Points, or whole coins for a coin debit. */
  amount: number;
}

/** Where each currency's balance and ledger live (fixed identifiers, never user input). */
const CURRENCY_TABLES = {
  point: { balance: sql.raw('point_balance'), seq: sql.raw('point_seq'), ledger: sql.raw('point_ledger'), total: sql.raw('int') },
  coin: { balance: sql.raw('coin_balance'), seq: sql.raw('coin_seq'), ledger: sql.raw('coin_ledger'), total: sql.raw('numeric') },
} as const;

/**
 * The members' unexpired point lots with a running total in the spending order, and each
 * member's free points among them: read once, for the free part of the ledger rows and for
 * taking the debits out of the lots (one scan of point_lots rather than two: issue 23, point 6).
 */
function openLotsOf(now: Date) {
  return sql`
        debit_open as (
          select p.id, p.user_id, p.kind, p.remaining,
                 sum(p.remaining) over (partition by p.user_id order by ${SPEND_ORDER(sql.raw('p'))}) as upto
          from point_lots p join debit_per_user on debit_per_user.user_id = p.user_id
          where p.remaining > 0 and p.expires_at > ${now}),
        debit_free as (
          select user_id, coalesce(sum(remaining) filter (where kind = 'free'), 0)::int as free from debit_open group by user_id),`;
}

/** Takes each member's total out of their unexpired point lots (openLotsOf), in the spending order. */
const CONSUME_LOTS = sql`,
        debit_take as (
          select debit_open.id, least(debit_open.remaining, debit_per_user.total - (debit_open.upto - debit_open.remaining)) as n
          from debit_open join debit_per_user on debit_per_user.user_id = debit_open.user_id
          where debit_open.upto - debit_open.remaining < debit_per_user.total),
        debit_lots as (update point_lots p set remaining = p.remaining - debit_take.n from debit_take where p.id = debit_take.id returning 1)`;

/** A debit of many members as part of a caller's statement (see debitBatchPart). */
export interface DebitBatchPart {
  /** The CTEs (`debit_…`) that debit, write the ledger rows and take from the lots. */
  ctes: SQL;
  /** An expression of the statement: how many member rows were debited (a member short of funds is not). */
  membersUpdated: SQL;
}

/**
 * Debits many members at once — one ledger row per debit, each with the member's balance after
 * it — and, for points, takes the amounts out of their lots oldest first, as CTEs the caller
 * puts in its own statement (a purchase batch records its purchases in the same one: one round
 * trip less while the pack row is locked, decision 005). The caller holds the members' row locks
 * and has checked every balance covers its debits. The CTEs read the tables as they were before
 * the statement, as every part of one statement does.
 */
export function debitBatchPart(
  currency: 'point' | 'coin',
  debits: readonly BatchDebit[],
  change: { reason: string; ref: string; memo: string; now: Date },
): DebitBatchPart {
  const { balance, seq, ledger, total } = CURRENCY_TABLES[currency];
  const { reason, ref, memo, now } = change;
  // Points: each debit's free part. Lots are spent free first, so a member's debits, in their
  // order, take the member's unexpired free points first: debit i gets what is left of them.
  const points = currency === 'point';
  const lotsCte = points ? openLotsOf(now) : sql``;
  const freeColumn = points ? sql`, free_delta` : sql``;
  const freeValue = points
    ? sql`, -greatest(0, least(d.amount, coalesce(f.free, 0) - (sum(d.amount) over (partition by d.user_id order by d.ord) - d.amount)))::int`
    : sql``;
  const freeJoin = points ? sql` left join debit_free f on f.user_id = d.user_id` : sql``;
  return {
    ctes: sql`debit_input as (
          select * from unnest(${intArray(debits.map((d) => d.userId))}::int[], ${intArray(debits.map((d) => d.amount))}::int[])
            with ordinality as t(user_id, amount, ord)),
        debit_per_user as (select user_id, sum(amount)::${total} as total, count(*)::int as n from debit_input group by user_id),
        debit_users as (
          update users set ${balance} = users.${balance} - debit_per_user.total, ${seq} = users.${seq} + debit_per_user.n, updated_at = now()
          from debit_per_user where users.id = debit_per_user.user_id and users.${balance} >= debit_per_user.total
          returning users.id, users.${balance} + debit_per_user.total as before, users.${seq} - debit_per_user.n as seq_before),${lotsCte}
        debit_ledger as (
          insert into ${ledger} (user_id, delta, balance_after, reason, ref, memo, seq, created_at${freeColumn})
          select d.user_id, -d.amount,
                 u.before - sum(d.amount) over (partition by d.user_id order by d.ord),
                 ${reason}, ${ref}, ${memo},
                 u.seq_before + row_number() over (partition by d.user_id order by d.ord), ${now}${freeValue}
          from debit_input d join debit_users u on u.id = d.user_id${freeJoin}
          order by d.ord
          returning 1)${points ? CONSUME_LOTS : sql``}`,
    membersUpdated: sql`(select count(*)::int from debit_users)`,
  };
}

/** A ledger row as the histories show it; coin deltas as decimal strings, never floats. */
export interface LedgerHistoryRow {
  id: string | number;
  delta: number | string;
  money?: number;
  /** Point ledger only: the balance after the row, and the expiry of the grant it opened. */
  balance_after?: number;
  expires_at?: string | Date | null;
  /** Point ledger only: the part of delta that was free points (decision 055). */
  free_delta?: number;
  /** Point ledger only: a purchase's coupon discount in yen (decision 061; the payment's, read by its ref). */
  discount_yen?: number | null;
  reason: string;
  ref: string;
  memo: string;
  created_at: string | Date;
  /** With `englishNames`: the operator's English name of the pack or exchange card the row refers to ('' when none). */
  name_en?: string;
}

/**
 * SQL: the English name of what a ledger row's ref points at: the pack ('pack:3'), the pack of
 * a purchase ('purchase:12', card conversions) or the exchanged card ('exchange:5'). The memo
 * keeps the Japanese name as it was; the English one is read as it is now (operators may add it later).
 */
const REF_NAME_EN = sql`case
    when ref ~ '^campaign:[0-9]+$' then (select c.name_en from campaigns c where c.id = split_part(ref, ':', 2)::int)
    when ref ~ '^pack:[0-9]+$' then (select pk.name_en from packs pk where pk.id = split_part(ref, ':', 2)::int)
    when ref ~ '^purchase:[0-9]+$' then (select pk.name_en from purchases p join packs pk on pk.id = p.pack_id
                                         where p.id = split_part(ref, ':', 2)::int)
    when ref ~ '^exchange:[0-9]+$' then (select ec.name_en from exchanges x join exchange_cards ec on ec.id = x.exchange_card_id
                                         where x.id = split_part(ref, ':', 2)::int)
  end as name_en`;

/** One page of a member's point or coin ledger, newest first, and how many rows it has. */
export async function ledgerPage(
  db: DbOrTx,
  table: 'point_ledger' | 'coin_ledger',
  userId: number,
  limit: number,
  offset: number,
  englishNames = false,
): Promise<{ rows: LedgerHistoryRow[]; total: number }> {
  const ledger = sql.raw(table);
  // A point row that granted points opened a lot: its expiry is the grant's (one lot per row).
  const columns = table === 'point_ledger'
    ? sql`id, delta, money, reason, ref, memo, created_at, balance_after, free_delta,
          (select min(l.expires_at) from point_lots l where l.ledger_id = point_ledger.id) as expires_at,
          case when reason = 'purchase' and ref ~ '^payment:[0-9]+$'
               then (select p.discount_yen from payments p where p.id = split_part(ref, ':', 2)::int) end as discount_yen`
    : sql`id, delta::text as delta, money, reason, ref, memo, created_at`;
  const names = englishNames ? sql`, ${REF_NAME_EN}` : sql``;
  const [rows, count] = await Promise.all([
    queryRows<LedgerHistoryRow>(db, sql`select ${columns}${names} from ${ledger} where user_id = ${userId} order by id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${ledger} where user_id = ${userId}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * The member's unexpired points that expire soonest: the earliest expiry and the sum of what
 * remains of the grants expiring on that same day (Japan time), as the my page says it.
 */
export async function soonestExpiring(db: DbOrTx, userId: number, now: Date): Promise<{ point: number; expires: Date | null }> {
  const rows = await queryRows<{ point: number; expires_at: string | Date | null }>(
    db,
    sql`with open as (select remaining, expires_at from point_lots where user_id = ${userId} and remaining > 0 and expires_at > ${now}),
        first as (select min(expires_at) as at from open)
        select coalesce(sum(open.remaining) filter (where (open.expires_at at time zone 'Asia/Tokyo')::date = (first.at at time zone 'Asia/Tokyo')::date), 0)::int as point, first.at as expires_at
        from first left join open on true group by first.at`,
  );
  const row = rows[0];
  return { point: row?.point ?? 0, expires: row?.expires_at ? new Date(row.expires_at) : null };
}

/** The member's unexpired free points (decision 055): what remains of their free lots. */
export async function freePointsOf(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const rows = await queryRows<{ free: number }>(
    db,
    sql`select coalesce(sum(remaining), 0)::int as free from point_lots
        where user_id = ${userId} and kind = 'free' and remaining > 0 and expires_at > ${now}`,
  );
  return rows[0]?.free ?? 0;
}

/** SQL: the open lot a grant (ledger row keyed by `grantKey`) opened. */
const grantLot = (grantKey: string, now: Date) =>
  sql`point_lots.ledger_id = (select id from point_ledger where idempotency_key = ${grantKey}) and point_lots.expires_at > ${now}`;

/** What remains unspent of a grant's lot (0 when spent, lapsed or unknown); `lock` holds it for the caller's transaction. */
export async function grantRemaining(db: DbOrTx, grantKey: string, now: Date, lock: boolean): Promise<number> {
  const rows = await queryRows<{ remaining: number }>(
    db,
    sql`select remaining from point_lots where ${grantLot(grantKey, now)} ${lock ? sql`for update` : sql``}`,
  );
  return rows.reduce((sum, r) => sum + Number(r.remaining), 0);
}

/** Takes `points` out of a grant's lot (the caller checked they remain and holds the lock). */
export async function takeFromGrantLot(tx: DbOrTx, grantKey: string, points: number): Promise<void> {
  await tx.execute(
    sql`update point_lots set remaining = remaining - ${points}
        where ledger_id = (select id from point_ledger where idempotency_key = ${grantKey}) and remaining >= ${points}`,
  );
}

/** Holds the member's balance row for the caller's transaction. */
export async function lockMemberPoints(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select point_balance from users where id = ${userId} for update`);
}
