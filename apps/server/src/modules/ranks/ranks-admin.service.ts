import type { AdminRank } from '@oripa/contract/admin-shop-settings';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './ranks.repo.ts';

/**
 * Ranks in the console: names, monthly threshold, coin-back rate, coins to keep, icon. The
 * rank codes and their order stay as they are (members and past months point at them). The
 * rules of decision 011 hold after every edit: the lowest rank needs 0 yen and 0 coins (new
 * members start there and cannot fall below), and each rank needs more yen than the one below.
 */

type RankRow = Awaited<ReturnType<typeof repo.listRanks>>[number];

export interface RankEdit {
  name: string;
  name_en: string;
  threshold_price: number;
  coin_back_rate: string;
  maintain_coin: string;
  icon: string;
}

function toAdminRank(r: RankRow): AdminRank {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    name_en: r.nameEn,
    sort: r.sort,
    threshold_price: r.thresholdPrice,
    coin_back_rate: r.coinBackRate,
    maintain_coin: r.maintainCoin,
    icon: r.icon || `/media/rank-${r.code}.svg`,
  };
}

export async function listAdminRanks(db: Db): Promise<AdminRank[]> {
  return (await repo.listRanks(db)).map(toAdminRank);
}

/** Refuses an edit that breaks the rank rules; `ranks` is the table as it would be, lowest first. */
function checkOrder(ranks: readonly RankRow[], editedId: number): void {
  const at = ranks.findIndex((r) => r.id === editedId);
  const edited = ranks[at]!;
  if (at === 0 && (edited.thresholdPrice !== 0 || toCents(edited.maintainCoin) !== 0n)) {
    throw AppError.fields({ threshold_price: [{ code: 'shop_settings.rank_lowest' }] });
  }
  const below = ranks[at - 1];
  const above = ranks[at + 1];
  if ((below && edited.thresholdPrice <= below.thresholdPrice) || (above && edited.thresholdPrice >= above.thresholdPrice)) {
    throw AppError.field('threshold_price', 'shop_settings.rank_order', {
      below: below ? `${below.name} ¥${below.thresholdPrice.toLocaleString('ja-JP')}` : '—',
      above: above ? `${above.name} ¥${above.thresholdPrice.toLocaleString('ja-JP')}` : '—',
    });
  }
}

/** Edits one rank under a lock of the table, checked against its neighbours; audited. */
export async function updateRank(db: Db, rankId: number, edit: RankEdit, actor: Actor): Promise<AdminRank> {
  return db.transaction(async (tx) => {
    await repo.lockRanks(tx);
    const ranks = await repo.listRanks(tx);
    const before = ranks.find((r) => r.id === rankId);
    if (!before) throw AppError.field('rank_id', 'shop_settings.not_found');
    const values = {
      name: edit.name,
      nameEn: edit.name_en,
      thresholdPrice: edit.threshold_price,
      coinBackRate: fromCents(toCents(edit.coin_back_rate)),
      maintainCoin: fromCents(toCents(edit.maintain_coin)),
      // '' keeps the icon as it is (the built-in one unless an operator uploaded one).
      icon: edit.icon || before.icon,
    };
    const after = { ...before, ...values };
    checkOrder(ranks.map((r) => (r.id === rankId ? after : r)), rankId);
    await repo.updateRank(tx, rankId, values);
    await recordAudit(tx, actor, { action: 'rank.update', target: `rank:${before.code}`, before: toAdminRank(before), after: toAdminRank(after) });
    return toAdminRank(after);
  });
}
