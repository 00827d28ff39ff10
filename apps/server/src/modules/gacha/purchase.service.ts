import { maxPurchaseCount, PURCHASE_RESULT } from '@oripa/contract/gacha';
import { STATE, type State } from '@oripa/contract/states';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { AppError } from '../../http/errors.ts';
import type { Session } from '../../http/session.ts';
import { approves, type PendingCheck } from './pending-check.ts';
import { PurchaseBatcher, type OrderOutcome } from './purchase-batcher.ts';
import * as repo from './purchase.repo.ts';

/** A refused check or buy: the message under `count`, with the call's result code. */
function countError(
  code: Parameters<typeof AppError.field>[2],
  params?: Record<string, number>,
  { state = STATE.validation, result = PURCHASE_RESULT.refused }: { state?: State; result?: string } = {},
) {
  return AppError.field(state, 'count', code, params, { result });
}

const packNotFound = () => countError('pack.not_found', undefined, { state: STATE.notFound });
const checkFirst = () => countError('gacha.check_first', undefined, { state: STATE.conflict });
/** The balance of the pack's currency does not cover the cost (result -1: the shortage modal). */
const balanceShort = (currency: 'point' | 'coin') =>
  countError(currency === 'coin' ? 'gacha.coins_short' : 'gacha.points_short', undefined, {
    result: PURCHASE_RESULT.insufficient,
  });

/**
 * Refuses a count the pack cannot sell now (sale window, stock, per-purchase and per-member
 * caps); `bought` is what the member already bought of this pack.
 */
function assertSellable(pack: repo.SaleTerms, count: number, bought: number, now: Date): void {
  const remaining = pack.totalPackCount - pack.drawnCount;
  if (!pack.published || pack.startAt > now || (pack.endAt && pack.endAt <= now))
    throw countError('gacha.not_on_sale');
  if (remaining <= 0) throw countError('gacha.sold_out');
  if (count > remaining) throw countError('gacha.count_over_stock', { remaining });
  const max = maxPurchaseCount(remaining, pack.maxBuyCount);
  if (count > max) throw countError('gacha.count_over_max', { max });
  if (pack.limitPerMember > 0 && bought + count > pack.limitPerMember) {
    throw countError('gacha.count_over_limit', { limit: pack.limitPerMember, bought });
  }
}

/**
 * POST /user/pack/check: whether the member can buy `count` packs now. On success the session
 * remembers the check, which the next buy spends; the answer carries the cost and balances for
 * the confirmation modal. Two round trips: one read of session, pack and balances, one write.
 */
export async function checkPurchase(db: Db, sessionKey: string, count: number, payloadPackId?: number) {
  const now = new Date();
  const row = await repo.checkContext(db, sessionKey, payloadPackId);
  if (!row || row.userId === null || row.point === null || row.coin === null) throw AppError.loginRequired();
  const { pack } = row;
  if (!pack) throw payloadPackId === undefined ? countError('gacha.no_pack') : packNotFound();
  assertSellable(pack, count, row.bought, now);
  const cost = pack.point * count;
  const isCoin = pack.paymentMethod === '2';
  const balance = isCoin ? Number(row.coin) : row.point;
  if (balance < cost) throw balanceShort(isCoin ? 'coin' : 'point');
  const check: PendingCheck = {
    packId: pack.id,
    count,
    at: now.getTime(),
    point: pack.point,
    paymentMethod: pack.paymentMethod,
    name: pack.name,
  };
  await repo.saveCheck(db, sessionKey, check);
  const after = isCoin ? (Number(row.coin) - cost).toFixed(2) : String(row.point - cost);
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
  sessionKey: string,
  readSession: () => Promise<Session>,
  payload: { pack_id?: number | undefined; count?: number | undefined },
): Promise<{ result: string; pack_history_id: number }> {
  const { packId, count } = await orderOf(payload, readSession);
  const outcome = await batcherFor(db).submit({ sessionKey, packId, count });
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
    case 'insufficient':
      return balanceShort(outcome.currency);
    case 'not_sellable': {
      // Say precisely why, from the pack as it is now.
      const pack = await repo.findSaleTerms(db, packId);
      if (!pack) return packNotFound();
      const bought = pack.limitPerMember > 0 ? await repo.packsBoughtBy(db, outcome.userId, packId) : 0;
      try {
        assertSellable(pack, count, bought, new Date());
      } catch (error) {
        return error as AppError;
      }
      return countError('gacha.not_on_sale');
    }
  }
}

/** One batcher per database, shared by every request of this process. */
const batcherFor = perDatabase((db) => new PurchaseBatcher(db));
