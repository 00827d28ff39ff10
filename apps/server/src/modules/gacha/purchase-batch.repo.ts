import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberPauseSql, pauseFromJson, type MemberPause } from '../../db/member-pause.ts';
import { intArray, preparedRows, queryRows } from '../../db/rows.ts';
import { packsBought } from './packs-bought.ts';
import { insertShippingRequests } from '../../db/shipping-requests.ts';
import { jstDateKey } from '../../lib/time.ts';
import type { PendingCheck } from './pending-check.ts';
import type { Balances } from './sale-rule.ts';
import { saleTermsFromJson, saleTermsJson, type PackSaleTerms, type SaleTermsJson } from './pack-sale-terms.ts';

/** The pack as the batch locked it: its sale terms (judged by sale-rule.ts) and what a purchase records. */
export interface LockedPack extends PackSaleTerms {
  seed: string;
  cardTypeId: number;
  movieStyle: number;
  /** 'oripa-feistel-v1' (drawn in the batch) or 'oripa-draw-v2' (recorded, drawn later). */
  drawAlgorithm: string;
  /** Purchases recorded of the lot before this batch. */
  purchaseSeq: number;
  /** When the oldest purchase of the lot still waiting for its cards was recorded (v2). */
  oldestUndrawnAt: Date | null;
}

/** An order's session as the batch locked it. */
export interface LockedSession {
  userId: number | null;
  check: PendingCheck | null;
}

export interface BatchLocks {
  pack: LockedPack | undefined;
  /** The orders' live sessions by key (an expired or unknown session is absent). */
  sessions: Map<string, LockedSession>;
  /** Buyers' balances; coins in hundredths, as integers (never floats). */
  balances: Map<number, Balances>;
  /** Buyers holding points past their date, which must lapse before their balance counts. */
  lapseDue: number[];
  /** Buyers' time-outs or self-exclusions as stored (running or not; decision 043). */
  pauses: Map<number, MemberPause>;
}

/** The locked pack as the batch's statement answers it: the sale terms' jsonb and the rest. */
interface PackJson extends SaleTermsJson {
  revealed: boolean;
  seed: string;
  cardTypeId: number;
  movieStyle: number;
  drawAlgorithm: string;
  purchaseSeq: number;
  oldestUndrawnAt: string | null;
}

/**
 * Locks what a batch changes, in one round trip: the pack row (every draw of this lot waits for
 * the batch to commit), the orders' sessions (their pending checks: one purchase per check) and
 * the members of those sessions, and reads their state (with each member's time-out or
 * self-exclusion, safety's fragment db/member-pause.ts: decision 043). The sessions table is the sessions
 * module's: locking (here) and spending checks (recordBatch) in the batch's own statements is
 * the measured exception of the purchase hot path (decision 005).
 */
export async function lockBatch(
  tx: DbOrTx,
  packId: number,
  sessionKeys: readonly string[],
  now: Date,
): Promise<BatchLocks> {
  const keys = `{${sessionKeys.map((k) => `"${k}"`).join(',')}}`;
  const [row] = await preparedRows<{
    pack: PackJson | null;
    sessions: { id: string; user_id: number | null; check: PendingCheck | null }[];
    users: { id: number; point_balance: number; coin_cents: string; lapse_due: boolean; pause: Parameters<typeof pauseFromJson>[0] }[];
  }>(
    tx,
    'purchase_lock',
    sql`with locked_pack as (
          select id, name, point, payment_method, total_pack_count, drawn_count, published, start_at, end_at,
                 revealed_at is not null as revealed,
                 max_buy_count, seed_secret, card_type_id, movie_style, limit_per_member, draw_algorithm, purchase_seq,
                 min_rank_id, first_purchase_only, sms_verified_only, free_daily,
                 (select min(q.created_at) from purchases q where q.pack_id = packs.id and q.drawn_at is null) as oldest_undrawn_at
          from packs where id = ${packId} for update),
        locked_sessions as (
          select id, user_id, data->'check' as check from sessions
          where id = any(${keys}::text[]) and expires_at > ${now} order by id for update),
        locked_members as (
          select id, point_balance, (coin_balance * 100)::bigint::text as coin_cents,
                 exists (select 1 from point_lots l
                         where l.user_id = users.id and l.remaining > 0 and l.expires_at <= ${now}) as lapse_due,
                 ${sql.raw(memberPauseSql('users'))} as pause
          from users where id in (select user_id from locked_sessions) order by id for update)
        select (select ${sql.raw(saleTermsJson('p'))} || jsonb_build_object(
                         'revealed', p.revealed, 'seed', p.seed_secret, 'cardTypeId', p.card_type_id, 'movieStyle', p.movie_style,
                         'drawAlgorithm', p.draw_algorithm, 'purchaseSeq', p.purchase_seq, 'oldestUndrawnAt', p.oldest_undrawn_at)
                from locked_pack p) as pack,
               coalesce((select json_agg(s) from locked_sessions s), '[]'::json) as sessions,
               coalesce((select json_agg(u) from locked_members u), '[]'::json) as users`,
  );
  const p = row?.pack;
  const users = row?.users ?? [];
  return {
    pack: p
      ? {
          ...saleTermsFromJson(p),
          // A lot whose seed is out sells nothing more, whatever its dates say (an instance whose
          // clock lags the revealing one's must not sell packs anyone can compute).
          published: p.published && !p.revealed,
          seed: p.seed,
          cardTypeId: p.cardTypeId,
          movieStyle: p.movieStyle,
          drawAlgorithm: p.drawAlgorithm,
          purchaseSeq: p.purchaseSeq,
          oldestUndrawnAt: p.oldestUndrawnAt === null ? null : new Date(p.oldestUndrawnAt),
        }
      : undefined,
    sessions: new Map((row?.sessions ?? []).map((r) => [r.id, { userId: r.user_id, check: r.check }])),
    balances: new Map(users.map((r) => [r.id, { point: r.point_balance, coinCents: Number(r.coin_cents) }])),
    lapseDue: users.filter((r) => r.lapse_due).map((r) => r.id),
    pauses: new Map(users.flatMap((r) => { const pause = pauseFromJson(r.pause); return pause ? [[r.id, pause] as const] : []; })),
  };
}

/** Packs of this lot each buyer bought before. */
export async function boughtByBuyers(
  tx: DbOrTx,
  packId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await queryRows<{ user_id: number; n: number }>(
    tx,
    sql`select buyer.user_id, ${packsBought(sql`buyer.user_id`, packId)} as n
        from unnest(${intArray(userIds)}::int[]) as buyer(user_id)`,
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

export interface AcceptedPurchase {
  userId: number;
  count: number;
  cost: number;
  drawFrom: number;
  sessionKey: string;
  prizeIds: number[];
  /** v2: the purchase's number in its lot and the buyer's tag (null for v1 lots). */
  seq: number | null;
  buyerTag: string | null;
}

/** Another module's part of the recording statement: CTEs and, if any, an outcome it selects. */
export interface StatementPart {
  ctes: SQL;
}

/**
 * Records a batch of purchases of one pack in one statement: the purchases, one holding per
 * card, for a coin pack the shipping request with the address as it is now, the lot's draw
 * counter, each session's spent check (with its latest purchase), and in the same statement
 * the members' debit (`debit`, the wallet's CTEs) and the purchases' mails (`mails`, the
 * notifications' CTE, given a query of `event_id` (purchase id), `user_id`, `ord` (1-based place
 * in `accepted`)). One statement instead of three: two round trips less while the pack row is
 * locked (decision 005). The parts of one statement all read the tables as they were before it
 * (the shipping address and the mail's recipient are not what the debit changes). Returns the
 * purchase ids in the order given and the debit's `membersUpdated`.
 */
export async function recordBatch(
  tx: DbOrTx,
  pack: LockedPack,
  accepted: readonly AcceptedPurchase[],
  now: Date,
  deadline: Date,
  parts: { debit: StatementPart & { membersUpdated: SQL }; mails: (purchases: SQL) => SQL; log?: SQL },
): Promise<{ ids: number[]; membersUpdated: number }> {
  const shipAll = pack.paymentMethod === PAYMENT_METHOD.coins;
  const cardDrawFrom: number[] = [];
  const cardPrize: number[] = [];
  for (const a of accepted) {
    for (const prizeId of a.prizeIds) {
      cardDrawFrom.push(a.drawFrom);
      cardPrize.push(prizeId);
    }
  }
  const total = accepted.reduce((sum, a) => sum + a.count, 0);
  const keys = `{${accepted.map((a) => `"${a.sessionKey}"`).join(',')}}`;
  // v2 purchases wait for their beacon round: their cards come from the drawer (drawn_at null).
  const drawnNow = pack.drawAlgorithm !== 'oripa-draw-v2';
  const seqs = `{${accepted.map((a) => (a.seq === null ? 'NULL' : String(a.seq))).join(',')}}`;
  const tags = `{${accepted.map((a) => (a.buyerTag === null ? 'NULL' : `"${a.buyerTag}"`)).join(',')}}`;
  // A free daily pack (decision 056): the purchase records no price, and each draw its member's
  // day in free_draws, whose unique key refuses a second draw of the day whatever got past the rule.
  const free = pack.freeDaily === true;
  const unitPrice = free ? 0 : pack.price;
  const rows = await preparedRows<{ id: number; draw_from: number; cards: number; debited: number }>(
    tx,
    'purchase_record',
    sql`with input as (
          select * from unnest(${intArray(accepted.map((a) => a.userId))}::int[], ${intArray(accepted.map((a) => a.count))}::int[],
                               ${intArray(accepted.map((a) => a.cost))}::int[], ${intArray(accepted.map((a) => a.drawFrom))}::int[],
                               ${keys}::text[], ${seqs}::int[], ${tags}::text[])
            with ordinality as t(user_id, count, cost, draw_from, session_key, seq, buyer_tag, ord)),
        ${parts.debit.ctes},
        counter as (update packs set drawn_count = drawn_count + ${total}, purchase_seq = purchase_seq + ${accepted.length}
                    where id = ${pack.id} returning 1),
        pur as (
          insert into purchases (user_id, pack_id, pack_name, count, payment_method, unit_price, cost, draw_from, movie_style, created_at,
                                 seq, buyer_tag, drawn_at)
          select user_id, ${pack.id}, ${pack.name}, count, ${pack.paymentMethod}, ${unitPrice}, cost, draw_from, ${pack.movieStyle}, ${now},
                 seq, buyer_tag, case when ${drawnNow} then ${now}::timestamptz end
          from input order by draw_from
          returning id, user_id, draw_from),
        ship as (${insertShippingRequests(sql`(select user_id, id as purchase_id from pur)`, now, sql`${shipAll}`)}),
        cards as (
          insert into holdings (purchase_id, user_id, prize_id, name, image_url, rarity, model_number, num,
                                buy_point, action_type, state, deadline_at, decided_at, shipping_request_id)
          select pur.id, pur.user_id, z.id, z.name, z.image_url, z.rarity, z.model_number, z.num, z.buy_point, z.action_type,
                 case when ${shipAll} then 'ship' else 'pending' end, ${deadline},
                 case when ${shipAll} then ${now}::timestamptz end, ship.id
          from unnest(${intArray(cardDrawFrom)}::int[], ${intArray(cardPrize)}::int[]) with ordinality as c(draw_from, prize_id, ord)
          join pur on pur.draw_from = c.draw_from
          join pack_prizes z on z.id = c.prize_id
          left join ship on ship.purchase_id = pur.id
          order by c.ord
          returning 1),
        sess as (
          update sessions set data = (sessions.data - 'check') || jsonb_build_object('lastPurchaseId', pur.id)
          from input join pur on pur.draw_from = input.draw_from
          where sessions.id = input.session_key
          returning 1),
        ${free ? sql`free as (insert into free_draws (user_id, pack_id, jst_day, purchase_id, created_at)
                              select pur.user_id, ${pack.id}, ${jstDateKey(now)}::date, pur.id, ${now} from pur returning 1),` : sql``}
        ${parts.mails(sql`select pur.id as event_id, pur.user_id, input.ord from pur join input on input.draw_from = pur.draw_from`)}
        ${parts.log ? sql`, ${parts.log}` : sql``}
        select pur.id, pur.draw_from, (select count(*) from cards)::int as cards, (select count(*) from counter)::int as counted,
               ${parts.debit.membersUpdated} as debited
        from pur`,
  );
  const byDrawFrom = new Map(rows.map((r) => [r.draw_from, r.id]));
  const cards = rows[0]?.cards ?? 0;
  if (rows.length !== accepted.length || cards !== cardPrize.length) {
    throw new Error(
      `batch recorded ${rows.length}/${accepted.length} purchases and ${cards}/${cardPrize.length} cards`,
    );
  }
  return {
    ids: accepted.map((a) => byDrawFrom.get(a.drawFrom) as number),
    membersUpdated: rows[0]?.debited ?? 0,
  };
}
