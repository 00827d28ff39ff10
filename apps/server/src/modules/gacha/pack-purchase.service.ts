import { PURCHASE_RESULT } from '@oripa/contract/gacha';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { AppError, type ErrorCode } from '../../kernel/errors.ts';
import { pauseRefusal } from '../../kernel/play-pause.ts';
import type { MessageParams } from '@oripa/contract/messages';
import { restoreBeforeCheck } from '../sessions/pending-checks.ts';
import type { Session } from '../sessions/sessions.service.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { approves, type PendingCheck } from './pending-check.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import { PurchaseBatcher, type OrderOutcome } from './purchase-batcher.ts';
import * as repo from './purchase.repo.ts';
import { memberFactsOf } from './member-facts.ts';
import { countRefusal, currencyOf, hasMemberConditions, saleRefusal, unitPrice, type SaleRefusal } from './sale-rule.ts';
import { TickBatcher } from '../../db/tick-batcher.ts';

/**
 * Undoes the optimistic write of a refused check: the session's check and pack become what they
 * were, unless the check was replaced or spent meanwhile (another tab of the member).
 */
function forgetCheck(
  db: Db,
  sessionKey: string,
  written: PendingCheck,
  previous: repo.CheckRow['previous'],
): Promise<void> {
  return restoreBeforeCheck(db, sessionKey, 'check', written, {
    check: previous.check,
    packId: previous.packId,
  });
}

/** A refused check or buy: the message under `count`, with the call's result code. */
function countError(code: ErrorCode, params?: MessageParams, result: string = PURCHASE_RESULT.refused) {
  return AppError.field('count', code, params, { result });
}

const packNotFound = () => countError('pack.not_found');
const checkFirst = () => countError('gacha.check_first');
/** The balance of the pack's currency does not cover the cost (result -1: the shortage modal). */
const balanceShort = (currency: 'point' | 'coin') =>
  countError(currency === 'coin' ? 'gacha.coins_short' : 'gacha.points_short', undefined, PURCHASE_RESULT.insufficient);

/** The error answering a refusal of the sale rule. */
function refusalOf(refusal: SaleRefusal): AppError {
  switch (refusal.code) {
    case 'gacha.points_short':
      return balanceShort('point');
    case 'gacha.coins_short':
      return balanceShort('coin');
    case 'gacha.count_over_stock':
      return countError(refusal.code, { remaining: refusal.remaining });
    case 'gacha.count_over_max':
      return countError(refusal.code, { max: refusal.max });
    case 'gacha.count_over_limit':
      return countError(refusal.code, { limit: refusal.limit, bought: refusal.bought });
    case 'gacha.members_rank':
      return countError(refusal.code, { rank: refusal.rank, rank_en: refusal.rankEn });
    default:
      return countError(refusal.code);
  }
}

/**
 * POST /user/pack/check: whether the member can buy `count` packs now. On success the session
 * remembers the check, which the next buy spends; the answer carries the cost and balances for
 * the confirmation modal. One round trip: the statement that reads session, pack and balances
 * also writes the check, which a refusal then takes back (repo.checkAndRememberMany); the checks
 * of one event-loop turn share that statement (checkerFor).
 */
export async function checkPurchase(db: Db, sessionKey: string, count: number, payloadPackId?: number) {
  const now = new Date();
  const row = await checkerFor(db).submit({ sessionKey, packId: payloadPackId, count, at: now.getTime() });
  if (!row || row.userId === null || row.point === null || row.coin === null) throw AppError.loginRequired();
  // A time-out or self-exclusion (decision 043), read by the same statement: no pack is sold.
  const paused = pauseRefusal(row.pause, now);
  if (paused) {
    if (row.written) await forgetCheck(db, sessionKey, row.written, row.previous);
    throw countError(paused.code, paused.params);
  }
  const { pack } = row;
  if (!pack) throw payloadPackId === undefined ? countError('gacha.no_pack') : packNotFound();
  const coinCents = toCents(row.coin);
  const refusal = saleRefusal(pack, count, row.bought, { point: row.point, coinCents: Number(coinCents) }, now, row.member);
  if (refusal) {
    if (row.written) await forgetCheck(db, sessionKey, row.written, row.previous);
    throw refusalOf(refusal);
  }
  const cost = unitPrice(pack) * count;
  const isCoin = currencyOf(pack) === 'coin';
  const after = isCoin ? fromCents(coinCents - BigInt(cost) * 100n) : String(row.point - cost);
  return {
    result: PURCHASE_RESULT.ok,
    cost,
    balance: isCoin ? row.coin : String(row.point),
    balance_after: after,
  };
}

/**
 * Which pack and count a buy means. The web app names both, and the batch then reads the
 * session under its lock (no read here); a buy without them (the spec's bare call) takes them
 * from the session's pending check.
 */
async function orderOf(
  payload: { pack_id?: number | undefined; count?: number | undefined },
  readSession: () => Promise<Session>,
): Promise<{ packId: number; count: number }> {
  if (payload.pack_id !== undefined && payload.count !== undefined) {
    return { packId: payload.pack_id, count: payload.count };
  }
  const session = await readSession();
  if (session.userId === null) throw AppError.loginRequired();
  const check = session.data.check as PendingCheck | undefined;
  const packId = payload.pack_id ?? check?.packId;
  const count = payload.count ?? check?.count;
  if (!check || packId === undefined || count === undefined || !approves(check, packId, count, Date.now())) {
    throw checkFirst();
  }
  return { packId, count };
}

/**
 * POST /user/pack/buy: buys what the session's pending check approved, in one transaction
 * (shared with other buyers of the pack, see PurchaseBatcher): debit through the ledger, packs
 * off the lot, prizes drawn from the lot's seed, the purchase and one holding per card. The
 * check is spent in the same transaction, so a retry or a double click cannot buy twice.
 */
export async function buyPacks(
  db: Db,
  fairness: Fairness,
  sessionKey: string,
  readSession: () => Promise<Session>,
  payload: { pack_id?: number | undefined; count?: number | undefined },
): Promise<{ result: string; pack_history_id: number }> {
  const { packId, count } = await orderOf(payload, readSession);
  const outcome = await batcherFor(db, fairness).submit({ sessionKey, packId, count });
  if (outcome.ok) return { result: PURCHASE_RESULT.ok, pack_history_id: outcome.purchaseId };
  throw await refusalError(db, outcome, packId, count);
}

/** The error a refused order answers with, precise about why. */
async function refusalError(
  db: Db,
  outcome: Extract<OrderOutcome, { ok: false }>,
  packId: number,
  count: number,
): Promise<AppError> {
  switch (outcome.refusal) {
    case 'login_required':
      return AppError.loginRequired();
    case 'no_check':
      return checkFirst();
    case 'beacon_paused':
      return countError('fairness.beacon_paused');
    case 'member_paused':
      return countError(outcome.error.code, outcome.error.params);
    case 'insufficient':
      return balanceShort(outcome.currency);
    case 'not_sellable': {
      // Say precisely why, from the pack as it is now.
      const pack = await repo.findSaleTerms(db, packId);
      if (!pack) return packNotFound();
      const bought = pack.limitPerMember > 0 ? await repo.packsBoughtBy(db, outcome.userId, packId) : 0;
      const now = new Date();
      const facts = hasMemberConditions(pack) ? (await memberFactsOf(db, packId, [outcome.userId], now)).get(outcome.userId) : undefined;
      const refusal = countRefusal(pack, count, bought, now, facts);
      return refusal ? refusalOf(refusal) : countError('gacha.not_on_sale');
    }
  }
}

/** One batcher per database, shared by every request of this process. */
const batchers = new WeakMap<Db, PurchaseBatcher>();
function batcherFor(db: Db, fairness: Fairness): PurchaseBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PurchaseBatcher(db, fairness);
    batchers.set(db, batcher);
  }
  return batcher;
}

/** The checks of one event-loop turn share one statement, one per session (TickBatcher). */
const checkerFor = perDatabase(
  (db) =>
    new TickBatcher<repo.CheckInput, repo.CheckRow | undefined>(
      (checks) => withDeadlockRetry(() => repo.checkAndRememberMany(db, checks)),
      (check) => check.sessionKey,
    ),
);

/**
 * How many packs of a pack with a per-member limit of `limit` the member may still buy (the pack
 * page's member_remaining; the check and buy enforce the same limit in their own statements).
 */
export async function memberAllowance(db: Db, userId: number | null, packId: number, limit: number): Promise<number> {
  const bought = userId === null ? 0 : await repo.packsBoughtBy(db, userId, packId);
  return Math.max(0, limit - bought);
}
