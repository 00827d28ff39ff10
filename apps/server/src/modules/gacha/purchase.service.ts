import { randomBytes } from 'node:crypto';
import { maxPurchaseCount, PURCHASE_RESULT } from '@oripa/contract/gacha';
import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packs } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/errors.ts';
import { saveSessionData, type Session } from '../../http/session.ts';
import { PurchaseBatcher } from './purchase-batcher.ts';
import * as repo from './purchase.repo.ts';

/** A check is good for this long; the buy must follow it. */
const CHECK_TTL_MS = 10 * 60 * 1000;

/** What the session remembers of a successful check (design decision 1). */
interface PendingCheck {
  packId: number;
  count: number;
  nonce: string;
  at: number;
  /** The price as checked; the buy refuses if the pack's price changed since. */
  point: number;
  paymentMethod: string;
  name: string;
}

type PackRow = typeof packs.$inferSelect;

function countError(
  code: Parameters<typeof AppError.field>[2],
  params?: Record<string, number>,
  result: string = PURCHASE_RESULT.refused,
) {
  return AppError.field(STATE.validation, 'count', code, params, { result });
}

/** The pack a check or buy means: the payload's, else the one last opened in this session. */
function resolvePackId(session: Session, payloadPackId: number | undefined): number {
  const packId = payloadPackId ?? session.data.packId;
  if (!packId)
    throw AppError.field(STATE.validation, 'count', 'gacha.no_pack', undefined, {
      result: PURCHASE_RESULT.refused,
    });
  return packId;
}

/** Refuses a count the pack cannot sell now (sale window, stock, per-purchase and per-member caps). */
async function assertSellable(
  db: Db,
  pack: PackRow,
  userId: number,
  count: number,
  now: Date,
): Promise<void> {
  const remaining = pack.totalPackCount - pack.drawnCount;
  if (!pack.published || pack.startAt > now || (pack.endAt && pack.endAt <= now))
    throw countError('gacha.not_on_sale');
  if (remaining <= 0) throw countError('gacha.sold_out');
  if (count > remaining) throw countError('gacha.count_over_stock', { remaining });
  const max = maxPurchaseCount(remaining, pack.maxBuyCount);
  if (count > max) throw countError('gacha.count_over_max', { max });
  if (pack.limitPerMember > 0) {
    const bought = await repo.packsBoughtBy(db, userId, pack.id);
    if (bought + count > pack.limitPerMember) {
      throw countError('gacha.count_over_limit', { limit: pack.limitPerMember, bought });
    }
  }
}

function packNotFound(): AppError {
  return AppError.field(STATE.notFound, 'count', 'pack.not_found', undefined, { result: PURCHASE_RESULT.refused });
}

async function findPack(db: Db, packId: number): Promise<PackRow> {
  const [pack] = await db.select().from(packs).where(eq(packs.id, packId)).limit(1);
  if (!pack) throw packNotFound();
  return pack;
}

/**
 * POST /user/pack/check: whether the member can buy `count` packs now. On success the session
 * remembers the check, which the next buy consumes; the answer carries the cost and balances
 * for the confirmation modal.
 */
export async function checkPurchase(
  db: Db,
  session: Session,
  userId: number,
  count: number,
  payloadPackId?: number,
) {
  const now = new Date();
  // The pack and the member's balances in one query.
  const [row] = await db
    .select({ pack: packs, point: users.pointBalance, coin: users.coinBalance })
    .from(packs)
    .leftJoin(users, eq(users.id, userId))
    .where(eq(packs.id, resolvePackId(session, payloadPackId)))
    .limit(1);
  if (!row) throw packNotFound();
  const { pack } = row;
  await assertSellable(db, pack, userId, count, now);
  if (row.point === null || row.coin === null) throw AppError.loginRequired();
  const member = { point: row.point, coin: row.coin };
  const cost = pack.point * count;
  const isCoin = pack.paymentMethod === '2';
  const balance = isCoin ? Number(member.coin) : member.point;
  if (balance < cost) {
    throw countError(
      isCoin ? 'gacha.coins_short' : 'gacha.points_short',
      undefined,
      PURCHASE_RESULT.insufficient,
    );
  }
  const check: PendingCheck = {
    packId: pack.id,
    count,
    nonce: randomBytes(12).toString('base64url'),
    at: now.getTime(),
    point: pack.point,
    paymentMethod: pack.paymentMethod,
    name: pack.name,
  };
  await saveSessionData(db, session, { packId: pack.id, check });
  const after = isCoin ? (Number(member.coin) - cost).toFixed(2) : String(member.point - cost);
  return {
    result: PURCHASE_RESULT.ok,
    cost,
    balance: isCoin ? member.coin : String(member.point),
    balance_after: after,
  };
}

/**
 * POST /user/pack/buy: buys what the session's last check approved, in one transaction (shared
 * with other buyers of the pack, see PurchaseBatcher): debit through the ledger, packs off the
 * lot, prizes drawn from the lot's seed, the purchase and one holding per card. The check is
 * consumed in the same transaction, so a retry or a double click cannot buy twice.
 */
export async function buyPacks(
  db: Db,
  session: Session,
  userId: number,
  payload: { pack_id?: number | undefined; count?: number | undefined },
): Promise<{ result: string; pack_history_id: number }> {
  const now = new Date();
  const check = session.data.check as PendingCheck | undefined;
  if (
    !check ||
    now.getTime() - check.at > CHECK_TTL_MS ||
    (payload.pack_id !== undefined && payload.pack_id !== check.packId) ||
    (payload.count !== undefined && payload.count !== check.count)
  ) {
    throw AppError.field(STATE.conflict, 'count', 'gacha.check_first', undefined, {
      result: PURCHASE_RESULT.refused,
    });
  }
  const outcome = await batcherFor(db).submit({
    userId,
    packId: check.packId,
    count: check.count,
    point: check.point,
    paymentMethod: check.paymentMethod,
    sessionKey: session.key,
    checkNonce: check.nonce,
  });
  if (outcome.ok) {
    session.data = { ...session.data, check: undefined, lastPurchaseId: outcome.purchaseId };
    return { result: PURCHASE_RESULT.ok, pack_history_id: outcome.purchaseId };
  }
  if (outcome.refusal === 'insufficient') {
    throw countError(
      outcome.currency === 'coin' ? 'gacha.coins_short' : 'gacha.points_short',
      undefined,
      PURCHASE_RESULT.insufficient,
    );
  }
  if (outcome.refusal === 'check_used') {
    throw AppError.field(STATE.conflict, 'count', 'gacha.check_first', undefined, {
      result: PURCHASE_RESULT.refused,
    });
  }
  // Say precisely why, from the pack as it is now.
  await assertSellable(db, await findPack(db, check.packId), userId, check.count, new Date());
  throw countError('gacha.not_on_sale');
}

/** One batcher per database, shared by every request of this process. */
const batchers = new WeakMap<Db, PurchaseBatcher>();

function batcherFor(db: Db): PurchaseBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PurchaseBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
