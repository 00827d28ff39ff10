import { RARITY_LABELS } from '@oripa/contract/catalog';
import { ACTION_TYPE, CARD_STATUS } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import type { Lang } from '@oripa/contract/states';
import { inLang } from '../../kernel/language.ts';
import type { HoldingRow } from './history.repo.ts';

const STATUS_OF: Record<string, WonCard['status']> = {
  pending: CARD_STATUS.undecided,
  ship: CARD_STATUS.ship,
  converted: CARD_STATUS.converted,
};

/** A card row as the reveal, the card choice and the history show it, named in the requester's language. */
export function toWonCard(row: HoldingRow, lang: Lang = 'ja'): WonCard {
  return {
    history_id: row.id,
    name: inLang(row.name, row.nameEn, lang),
    image: row.imageUrl,
    rarity: row.rarity,
    rarity_label: RARITY_LABELS[row.rarity] ?? '',
    model_number: row.modelNumber,
    num: row.num,
    buy_point: row.buyPoint,
    action_type: row.actionType === ACTION_TYPE.shipOnly ? ACTION_TYPE.shipOnly : ACTION_TYPE.choose,
    status: STATUS_OF[row.state] ?? '0',
  };
}
