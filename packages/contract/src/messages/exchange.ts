import type { Lang } from '../states.ts';

/** Messages of the exchange shop and of keeping a rank with coins. */
export const EXCHANGE_MESSAGES = {
  'exchange.change_num_one': {
    ja: '交換できるのは1枚ずつです。',
    en: 'Cards are exchanged one at a time.',
  },
  'exchange.search_too_long': {
    ja: '検索ワードは100文字以内で入力してください。',
    en: 'Search text can be at most 100 characters.',
  },
  'exchange.not_found': {
    ja: 'この引換カードは現在交換できません。',
    en: 'This card cannot be exchanged now.',
  },
  'exchange.sold_out': { ja: 'この引換カードは在庫切れです。', en: 'This card is out of stock.' },
  'exchange.coins_short': {
    ja: 'コインが不足しています（必要{cost}コイン、所持{balance}コイン）。',
    en: 'You do not have enough coins ({cost} needed, you have {balance}).',
  },
  'exchange.limit_reached': {
    ja: 'このカードの交換はお一人様{limit}枚までです（交換済み{done}枚）。',
    en: 'This card is limited to {limit} per member (you have exchanged {done}).',
  },
  'exchange.check_first': {
    ja: '交換内容を確認してから、もう一度お試しください。',
    en: 'Please confirm the exchange again.',
  },
  'ranks.coins_short': { ja: 'コインが不足しています', en: 'You do not have enough coins' },
  'ranks.coin_mismatch': {
    ja: 'ランク維持に必要なコインが変わりました。画面を再読み込みしてください。',
    en: 'The coins needed to keep the rank have changed. Please reload the page.',
  },
  'ranks.not_keepable': {
    ja: '現在のランクはコインで維持できません。',
    en: 'Your current rank cannot be kept with coins.',
  },
  'ranks.not_needed': {
    ja: '今月のご利用で、来月も現在のランクが維持されます。',
    en: 'Your spending this month already keeps your rank for next month.',
  },
  'ranks.already_kept': {
    ja: '来月のランクはすでに維持されています。',
    en: 'Your rank is already kept for next month.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
