import { BUY_RANK_RESULT, type BuyRankResponse } from '@oripa/contract/exchange';
import type { UserDetail } from '@oripa/contract/accounts';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, type ErrorCode } from '../../kernel/errors.ts';
import { jstMonthBounds, jstMonthKey, previousJstMonth } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { fromCents, sameAmount, toCents } from '../../lib/coin-amount.ts';
import { creditCoins, debitCoins, paidYenBetween } from '../wallet/wallet.service.ts';
import { keepRefusal, rankStanding, type RankLevel, type RankStanding } from './rank-standing.ts';
import * as repo from './ranks.repo.ts';

/** The rank a new member starts with: the lowest (undefined when no ranks exist). */
export async function startingRankId(db: DbOrTx): Promise<number | undefined> {
  const [lowest] = await repo.listRanks(db);
  return lowest?.id;
}

/** The member's rank now, this month's spend (yen, Japan-time month) and next month's rank. */
export async function memberRankStanding(
  db: DbOrTx,
  userId: number,
  rankId: number | null,
  now: Date,
): Promise<{ standing: RankStanding | undefined; monthSpend: number }> {
  const { start, end } = jstMonthBounds(now);
  const [levels, monthSpend] = await Promise.all([repo.listRanks(db), paidYenBetween(db, userId, start, end)]);
  return { standing: rankStanding(levels, rankId, monthSpend), monthSpend };
}

type RankFields = Pick<
  UserDetail,
  'rank_name' | 'rank_coin' | 'rank_max_price' | 'rank_current_price' | 'is_rank_maintained' | 'next_month_name' | 'next_month'
>;

const nameIn = (rank: RankLevel | undefined, lang: Lang) => (rank ? (lang === 'en' ? rank.nameEn : rank.name) : '');

/**
 * The rank fields of GET /user/detail. next_month is the rank this month's spend earns, or the
 * current rank once it is kept with coins; is_rank_maintained says whether keeping it is offered.
 */
export async function memberRankFields(db: DbOrTx, userId: number, rankId: number | null, lang: Lang, now: Date): Promise<RankFields> {
  const [{ standing, monthSpend }, kept] = await Promise.all([
    memberRankStanding(db, userId, rankId, now),
    repo.hasKept(db, userId, jstMonthKey(now)),
  ]);
  const next = kept && standing && standing.current.sort > standing.nextMonth.sort ? standing.current : standing?.nextMonth;
  return {
    rank_name: nameIn(standing?.current, lang),
    rank_coin: standing?.current.maintainCoin ?? '0.00',
    rank_max_price: standing?.nextThreshold ?? 0,
    rank_current_price: monthSpend,
    is_rank_maintained: keepRefusal(standing, kept) === null,
    next_month_name: nameIn(next, lang),
    next_month: next?.code ?? '',
  };
}

/** A refused buy_rank: the message under `count` (the screen alerts it) and the result code. */
function keepError(code: ErrorCode, result: string = BUY_RANK_RESULT.refused, params?: Record<string, string>) {
  return AppError.field('count', code, params, { result });
}

/**
 * POST /user/buy_rank: keeps the member's current rank for next month for its coins. The coins
 * shown (`coin`) and the rank (`rankCode`) must still be right; the debit goes through the coin
 * ledger keyed by member and month, and the keep row is unique per member and month, so a
 * double post keeps (and debits) once.
 */
export async function buyRank(db: Db, userId: number, coin: string, rankCode: string, lang: Lang, now: Date): Promise<BuyRankResponse> {
  const month = jstMonthKey(now);
  return db.transaction(async (tx) => {
    const member = await repo.lockMemberRank(tx, userId);
    if (!member) throw AppError.loginRequired();
    const { standing } = await memberRankStanding(tx, userId, member.rankId, now);
    const refusal = keepRefusal(standing, await repo.hasKept(tx, userId, month));
    if (refusal || !standing) throw keepError(refusal ?? 'ranks.not_keepable');
    const rank = standing.current;
    if (rank.code !== rankCode || !sameAmount(coin, rank.maintainCoin)) throw keepError('ranks.coin_mismatch');
    if (toCents(member.balance) < toCents(rank.maintainCoin)) throw keepError('ranks.coins_short', BUY_RANK_RESULT.insufficient);
    if (!(await repo.insertKeep(tx, userId, month, rank.id, rank.maintainCoin, now))) throw keepError('ranks.already_kept');
    const debit = await debitCoins(tx, {
      userId,
      reason: 'rank',
      amount: fromCents(toCents(rank.maintainCoin)),
      ref: `rank:${month}`,
      memo: `ランク維持（${rank.name}）`,
      idempotencyKey: `rank:${userId}:${month}`,
    });
    return { result: BUY_RANK_RESULT.ok, coin: debit.balance ?? member.balance, next_month: rank.code, next_month_name: nameIn(rank, lang) };
  });
}

/** Sweeper job: at the first sweep of a JST month, every member's rank becomes what last month earned or kept. */
export async function changeMonthlyRanks(db: Db, now: Date): Promise<number> {
  const moved = await db.transaction((tx) => repo.applyMonthlyRanks(tx, jstMonthKey(now), previousJstMonth(now)));
  return moved ?? 0;
}

/**
 * The coin-back of `yen` paid at a rank rate of `rateCents` hundredths of a percent, in
 * hundredths of a coin, rounded down: hundredths of a percent × yen / 100. The one rounding of
 * coin-back (campaigns reckon their extra from it too).
 */
export function coinBackCents(rateCents: bigint, yen: number): bigint {
  return (rateCents * BigInt(yen)) / 100n;
}

/**
 * Coin-back of a point purchase, inside the transaction that credits its points: the rate of
 * the member's rank now, of the yen paid, in coins rounded down to the hundredth, keyed by the
 * payment so it is granted once with the points. Answers the coin-back in hundredths of a coin
 * (a coin-back campaign multiplies it: decision 060).
 */
export async function grantCoinBack(tx: DbOrTx, payment: { id: number; userId: number; amount: number }): Promise<bigint> {
  const { rate, rankName } = await repo.memberCoinBackRate(tx, payment.userId);
  const cents = coinBackCents(toCents(rate), payment.amount);
  if (cents <= 0n) return 0n;
  await creditCoins(tx, {
    userId: payment.userId,
    amount: fromCents(cents),
    money: payment.amount,
    reason: 'coinback',
    ref: `payment:${payment.id}`,
    memo: `ランク特典コインバック（${rankName} ${fromCents(toCents(rate))}%）`,
    idempotencyKey: `coinback:payment:${payment.id}`,
  });
  return cents;
}

/**
 * Sets a member's current rank by its code (`ops rank:set`, for support): written to the audit
 * log, before and after with the reason, in the same transaction. Next month's change still
 * follows the rules (decision 011). Undefined: no such rank code (the caller checks the member).
 * This month's automatic change is applied first when no sweep has made it yet: otherwise a
 * sweep running just after would overwrite the operator's change with last month's earnings.
 */
export async function setRankByOperator(
  db: Db,
  userId: number,
  rankCode: string,
  reason: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ before: string | null; after: string } | undefined> {
  return db.transaction(async (tx) => {
    const rank = (await repo.listRanks(tx)).find((r) => r.code === rankCode);
    if (!rank) return undefined;
    await repo.applyMonthlyRanks(tx, jstMonthKey(now), previousJstMonth(now));
    const changed = await repo.setMemberRank(tx, userId, rank.id);
    if (!changed) throw new Error(`member ${userId} not found`);
    await recordAudit(tx, actor, {
      action: 'member.rank',
      target: `member:${userId}`,
      before: { rank: changed.before },
      after: { rank: rank.code, reason },
    });
    return { before: changed.before, after: rank.code };
  });
}

/** The rank table as the operator configured it (rank:list). */
export async function rankTable(db: DbOrTx) {
  const levels = await repo.listRanks(db);
  return levels.map((r) => ({
    code: r.code,
    name: r.name,
    name_en: r.nameEn,
    icon: r.icon || `/media/rank-${r.code}.svg`,
    threshold_price: r.thresholdPrice,
    coin_back_rate: r.coinBackRate,
    maintain_coin: r.maintainCoin,
  }));
}
