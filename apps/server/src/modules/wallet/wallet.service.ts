import type { Db, DbOrTx } from '../../db/client.ts';
import { freePointDays } from '../settings/settings.service.ts';
import { InsufficientBalanceError } from './wallet.errors.ts';
import * as repo from './wallet.repo.ts';

/** Paid points expire this many months after their grant (spec section 9). */
export const POINT_LIFETIME_MONTHS = 6;

/** Why a balance moved; stored on each ledger row. */
export type PointReason =
  | 'purchase' // bought with money
  | 'pack' // spent on packs
  | 'conversion' // won cards converted back
  | 'free_draw_conversion' // cards of a free daily draw converted back (decision 056)
  | 'referral' // referral bonus
  | 'grant' // operator grant
  | 'rank' // spent on rank maintenance
  | 'expire' // lapsed at the end of their lot's life
  | 'refund' // taken back: the payment that bought them was refunded or charged back
  | 'login_bonus' // the first visit of a Japan-time day (modules/bonuses)
  | 'line_friend' // once, for linking LINE as a friend of the shop's official account (decision 057)
  | 'coupon' // a coupon or promotion code redeemed (modules/coupons, decision 059)
  | 'campaign' // a campaign's extra points on a point purchase (modules/campaigns, decision 060)
  | 'free_draw_conversion'; // cards won in a free daily draw converted to points

/**
 * The kind of lot a credit of each reason opens (decision 055), the one place it is decided:
 * 'paid' points were bought with money, or stand for something bought with money (a card won
 * with points and converted back), and count as a prepaid instrument under 資金決済法; 'free'
 * points were given (bonuses, referrals, operator grants, campaigns) and never count as money.
 * Reasons that only ever debit are listed as 'paid' only to keep the map whole: a debit takes
 * from lots in the spending order whatever its reason.
 */
export const POINT_KIND: Readonly<Record<PointReason, repo.PointKind>> = {
  purchase: 'paid',
  conversion: 'paid',
  referral: 'free',
  grant: 'free',
  login_bonus: 'free',
  line_friend: 'free',
  coupon: 'free',
  campaign: 'free',
  free_draw_conversion: 'free',
  pack: 'paid',
  rank: 'paid',
  expire: 'paid',
  refund: 'paid',
};
export type CoinReason = 'pack' | 'exchange' | 'rank' | 'grant' | 'purchase' | 'bonus' | 'coinback' | 'campaign_coinback';

export interface BalanceChange<R> {
  userId: number;
  reason: R;
  /** What the change refers to, e.g. 'payment:12'. */
  ref?: string;
  /** Text of the member's history row. */
  memo?: string;
  /** When set, a second change with the same key does nothing (retries, replays, races). */
  idempotencyKey?: string;
}

/** Outcome of a change: applied false means the idempotency key was used before. */
export interface ChangeResult<B> {
  applied: boolean;
  balance?: B;
  /** A point credit's lot expiry. */
  expires?: Date;
}

export function pointExpiry(grantedAt: Date): Date {
  const expires = new Date(grantedAt);
  expires.setUTCMonth(expires.getUTCMonth() + POINT_LIFETIME_MONTHS);
  return expires;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a free lot granted at `grantedAt` lapses: the operator's number of days later (default 90). */
export function freePointExpiry(grantedAt: Date, days: number): Date {
  return new Date(grantedAt.getTime() + days * DAY_MS);
}

function entryOf<R extends string>(change: BalanceChange<R>) {
  return {
    userId: change.userId,
    reason: change.reason,
    ref: change.ref ?? '',
    memo: change.memo ?? '',
    idempotencyKey: change.idempotencyKey ?? null,
  };
}

/**
 * Credits points as a new lot, with its ledger row, inside `tx`: a lot of the kind the reason
 * names (POINT_KIND), paid ones expiring in 6 months, free ones after the operator's number of
 * days (decision 055). Call it inside the transaction that caused the credit.
 */
export async function creditPoints(
  tx: DbOrTx,
  change: BalanceChange<PointReason> & { amount: number; money?: number; now?: Date },
): Promise<ChangeResult<number>> {
  assertWholePositive(change.amount);
  const now = change.now ?? new Date();
  const kind = POINT_KIND[change.reason];
  const freeDelta = kind === 'free' ? change.amount : 0;
  const ledgerId = await repo.reservePointEntry(tx, { ...entryOf(change), delta: change.amount, money: change.money ?? 0, freeDelta });
  if (ledgerId === undefined) return { applied: false };
  const balance = await repo.applyPointDelta(tx, change.userId, change.amount, ledgerId);
  if (balance === undefined) throw new Error(`member ${change.userId} not found`);
  const expires = kind === 'free' ? freePointExpiry(now, await freePointDays(tx)) : pointExpiry(now);
  await repo.insertPointLot(tx, { userId: change.userId, amount: change.amount, now, expiresAt: expires, ledgerId, kind });
  return { applied: true, balance, expires };
}

/**
 * Debits points in the spending order (free points first, then paid; within each, the soonest
 * to expire first: decision 055), never below zero: throws InsufficientBalanceError (roll the
 * transaction back) when the member has too few. Lots already past their date lapse first. The
 * ledger row records how much of the debit was free points.
 */
export async function debitPoints(
  tx: DbOrTx,
  change: BalanceChange<PointReason> & { amount: number; now?: Date },
): Promise<ChangeResult<number>> {
  assertWholePositive(change.amount);
  const now = change.now ?? new Date();
  await repo.expirePointLots(tx, now, [change.userId], 1000, EXPIRE_MEMO);
  // The free part is stamped once the lots are taken (consumePointLots).
  const ledgerId = await repo.reservePointEntry(tx, { ...entryOf(change), delta: -change.amount, money: 0, freeDelta: 0 });
  if (ledgerId === undefined) return { applied: false };
  const balance = await repo.applyPointDelta(tx, change.userId, -change.amount, ledgerId);
  if (balance === undefined) throw new InsufficientBalanceError('point');
  await repo.consumePointLots(tx, change.userId, change.amount, now, ledgerId);
  return { applied: true, balance };
}

const EXPIRE_MEMO = 'ポイント有効期限切れ';

/** Lapses points past their date of these members now, before a spend counts their balance. */
export function expireMembersPoints(tx: DbOrTx, userIds: readonly number[], now: Date): Promise<number> {
  return repo.expirePointLots(tx, now, userIds, 10_000, EXPIRE_MEMO);
}

/** A debit of many members as part of the caller's statement, and the check of its outcome. */
export interface DebitManyPart extends repo.DebitBatchPart {
  /** Throws (roll the transaction back) unless every member was debited. */
  confirm(membersUpdated: number): void;
}

/**
 * Debits many members (a batch of pack purchases) as CTEs of the caller's one statement, which
 * must select `membersUpdated` and pass it to `confirm` afterwards. The caller holds their row
 * locks, has lapsed due points (expireMembersPoints) and checked each balance covers its debits;
 * a shortfall here is a bug and throws.
 */
export function debitManyPart(
  currency: 'point' | 'coin',
  debits: readonly repo.BatchDebit[],
  change: { reason: PointReason & CoinReason; ref: string; memo: string; now: Date },
): DebitManyPart {
  const members = new Set(debits.map((d) => d.userId)).size;
  return {
    ...repo.debitBatchPart(currency, debits, change),
    confirm(updated) {
      if (updated !== members) throw new InsufficientBalanceError(currency);
    },
  };
}
const EXPIRY_BATCH = 500;

/** Sweeper job: lapses points past their date (paid or free), in batches; returns lots expired. */
export async function expireDuePoints(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction((tx) => repo.expirePointLots(tx, now, null, EXPIRY_BATCH, EXPIRE_MEMO));
    total += n;
    if (n < EXPIRY_BATCH) return total;
  }
}

const COIN_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Whether `value` is a coin amount: decimal with at most two places, never a float. */
export function isCoinAmount(value: string): boolean {
  return COIN_PATTERN.test(value) && Number(value) > 0;
}

/** Credits coins with their ledger row; `money` is the yen paid when they came with a payment. */
export async function creditCoins(
  tx: DbOrTx,
  change: BalanceChange<CoinReason> & { amount: string; money?: number },
): Promise<ChangeResult<string>> {
  assertCoinAmount(change.amount);
  const ledgerId = await repo.reserveCoinEntry(tx, { ...entryOf(change), delta: change.amount, money: change.money ?? 0 });
  if (ledgerId === undefined) return { applied: false };
  const balance = await repo.applyCoinDelta(tx, change.userId, change.amount, ledgerId);
  if (balance === undefined) throw new Error(`member ${change.userId} not found`);
  return { applied: true, balance };
}

/** Debits coins, never below zero (InsufficientBalanceError otherwise). */
export async function debitCoins(
  tx: DbOrTx,
  change: BalanceChange<CoinReason> & { amount: string },
): Promise<ChangeResult<string>> {
  assertCoinAmount(change.amount);
  const ledgerId = await repo.reserveCoinEntry(tx, { ...entryOf(change), delta: `-${change.amount}` });
  if (ledgerId === undefined) return { applied: false };
  const balance = await repo.applyCoinDelta(tx, change.userId, `-${change.amount}`, ledgerId);
  if (balance === undefined) throw new InsufficientBalanceError('coin');
  return { applied: true, balance };
}

function assertWholePositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad point amount ${amount}`);
}

function assertCoinAmount(amount: string): void {
  if (!isCoinAmount(amount)) throw new RangeError(`bad coin amount ${amount}`);
}

/** Whether the member has made at least one payment (bought points). */
export function hasMadePayment(db: DbOrTx, userId: number): Promise<boolean> {
  return repo.hasPurchaseEntry(db, userId);
}

/** Yen the member paid for points between `from` (inclusive) and `to` (exclusive). */
export function paidYenBetween(db: DbOrTx, userId: number, from: Date, to: Date): Promise<number> {
  return repo.sumPurchaseMoney(db, userId, from, to);
}

/** What is still unspent of one grant (a payment's credit, keyed by its idempotency key). */
export function unspentOfGrant(db: DbOrTx, grantKey: string, now: Date): Promise<number> {
  return repo.grantRemaining(db, grantKey, now, false);
}

/**
 * Takes back up to `points` of one grant (a refunded payment's credit, keyed by `grantKey`), never
 * more than what is still unspent of it: points the member already spent stay spent. One ledger
 * row (keyed by `idempotencyKey`) and the grant's lot move with the balance, inside `tx`.
 * Answers the points taken (0 when nothing of the grant is left, or the key was used before).
 */
export async function takeBackGrant(
  tx: DbOrTx,
  change: BalanceChange<PointReason> & { grantKey: string; points: number; now: Date; free?: boolean },
): Promise<{ taken: number; balance?: number }> {
  const { now } = change;
  // The order of locks is a spend's (due lots, the member, then open lots), so the two never deadlock.
  await repo.expirePointLots(tx, now, [change.userId], 1000, EXPIRE_MEMO);
  await repo.lockMemberPoints(tx, change.userId);
  const taken = Math.min(change.points, await repo.grantRemaining(tx, change.grantKey, now, true));
  if (taken <= 0) return { taken: 0 };
  // A grant taken back is one lot: a payment's (paid, none of it free points) or a campaign's
  // bonus on that payment (`free`, decision 060: all of it free points).
  const ledgerId = await repo.reservePointEntry(tx, { ...entryOf(change), delta: -taken, money: 0, freeDelta: change.free === true ? -taken : 0 });
  if (ledgerId === undefined) return { taken: 0 };
  const balance = await repo.applyPointDelta(tx, change.userId, -taken, ledgerId);
  if (balance === undefined) throw new InsufficientBalanceError('point');
  await repo.takeFromGrantLot(tx, change.grantKey, taken);
  return { taken, balance };
}
