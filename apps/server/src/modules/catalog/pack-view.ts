import { RARITY_LABELS, rarityTier, type Pack, type PackCard, type PackDetail, type TopPrize } from '@oripa/contract/catalog';
import { ACTION_TYPE, FLAG, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { Lang } from '@oripa/contract/states';
import { inLang } from '../../kernel/language.ts';
import { formatJst } from '../../lib/time.ts';
import type { PackRow, PrizeRow, RankName } from './catalog.repo.ts';

/** Names of the ranks member-only packs name, by id (catalog.repo.ts rankNamesOf). */
export type RankNames = ReadonlyMap<number, RankName>;

/** Who may buy the pack (decision 056), or undefined when every member may. */
function membersOnly(row: PackRow, lang: Lang, ranks: RankNames): Pack['members_only'] {
  if (row.minRankId === null && !row.firstPurchaseOnly && !row.smsVerifiedOnly && !row.freeDaily) return undefined;
  const rank = row.minRankId === null ? undefined : ranks.get(row.minRankId);
  return {
    ...(rank ? { min_rank: inLang(rank.name, rank.nameEn, lang) } : {}),
    first_purchase: row.firstPurchaseOnly,
    sms_verified: row.smsVerifiedOnly || row.freeDaily,
    free_daily: row.freeDaily,
  };
}

/** A lot's best prize as its tile shows it; a prize that only ships has no conversion value. */
export function toTopPrize(row: PrizeRow, lang: Lang = 'ja'): TopPrize {
  return {
    name: inLang(row.name, row.nameEn, lang),
    image_url: row.imageUrl,
    rarity_label: RARITY_LABELS[row.rarity] ?? '',
    ...(row.actionType === ACTION_TYPE.choose ? { buy_point: row.buyPoint } : {}),
  };
}

/**
 * A pack row as the wire shows it (spec section 3, "Pack"), named in the requester's language;
 * with its best prize when the list has it and the operator shows the lineup.
 */
export function toPack(row: PackRow, now: Date, lang: Lang = 'ja', topPrize?: PrizeRow, ranks: RankNames = new Map()): Pack {
  const members = membersOnly(row, lang, ranks);
  return {
    ...(topPrize && row.showCardlist ? { top_prize: toTopPrize(topPrize, lang) } : {}),
    ...(members ? { members_only: members } : {}),
    id: row.id,
    name: inLang(row.name, row.nameEn, lang),
    point: row.price,
    payment_method: row.paymentMethod === PAYMENT_METHOD.coins ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points,
    pack_count: row.totalPackCount - row.drawnCount,
    total_pack_count: row.totalPackCount,
    card_type: row.cardTypeId,
    image: row.images,
    is_before: row.startAt.getTime() > now.getTime(),
    start_date: row.startAt.toISOString(),
    format_end_date: row.endAt ? formatJst(row.endAt) : '',
    max_buy_count: row.maxBuyCount,
    can_limit: row.limitPerMember > 0 ? 1 : 0,
    limit_message: row.limitPerMember > 0 ? row.limitMessage : '',
    show_cardlist: row.showCardlist ? FLAG.yes : FLAG.no,
  };
}

/** A pack row with its description; member_remaining is the allowance left (null: no per-member limit). */
export function toPackDetail(row: PackRow, now: Date, memberRemaining: number | null = null, lang: Lang = 'ja', ranks: RankNames = new Map()): PackDetail {
  return { ...toPack(row, now, lang, undefined, ranks), detail: inLang(row.detailHtml, row.detailHtmlEn, lang), member_remaining: row.limitPerMember > 0 ? memberRemaining : null };
}

/** A lineup prize as the pack page shows it: rarity as the display tier 0-3. */
export function toPackCard(row: PrizeRow, lang: Lang = 'ja'): PackCard {
  return {
    image_url: row.imageUrl,
    name: inLang(row.name, row.nameEn, lang),
    model_number: row.modelNumber,
    rarity: rarityTier(row.rarity),
    rarity_label: RARITY_LABELS[row.rarity] ?? '',
    // What the member may convert it to; a ship-only prize converts to nothing.
    ...(row.actionType === ACTION_TYPE.choose ? { buy_point: row.buyPoint } : {}),
  };
}
