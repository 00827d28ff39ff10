import type { Lang } from '../states.ts';

/** Messages of pack purchases, results and the card decision. */
export const GACHA_MESSAGES = {
  'gacha.count_invalid': { ja: '購入数を選択してください。', en: 'Choose how many packs to buy.' },
  'gacha.count_too_many': {
    ja: '一度に購入できるのは3,000口までです。',
    en: 'You can buy at most 3,000 packs at a time.',
  },
  'gacha.count_over_stock': {
    ja: '残りのパック数を超えています（残り{remaining}口）。',
    en: 'Only {remaining} packs are left.',
  },
  'gacha.count_over_max': {
    ja: '一度に購入できるのは{max}口までです。',
    en: 'You can buy at most {max} packs at a time.',
  },
  'gacha.count_over_limit': {
    ja: 'このパックはお一人様{limit}口までです（購入済み{bought}口）。',
    en: 'This pack is limited to {limit} per member (you have bought {bought}).',
  },
  'gacha.points_short': {
    ja: 'ポイントが不足しています。',
    en: 'You do not have enough points.',
  },
  'gacha.coins_short': { ja: 'コインが不足しています。', en: 'You do not have enough coins.' },
  'gacha.not_on_sale': {
    ja: 'このパックは現在販売していません。',
    en: 'This pack is not on sale now.',
  },
  'gacha.sold_out': { ja: 'このパックは完売しました。', en: 'This pack is sold out.' },
  'gacha.members_rank': {
    ja: 'このパックは{rank}ランク以上の会員様限定です。',
    en: 'This pack is for members of rank {rank_en} or above.',
  },
  'gacha.members_first_purchase': {
    ja: 'このパックは初回購入限定です。パックを購入したことのない会員様のみ購入できます。',
    en: 'This pack is for first purchases only: members who have never bought a pack.',
  },
  'gacha.members_sms': {
    ja: 'このパックはSMS認証済みの会員様限定です。マイページから電話番号のSMS認証を行ってください。',
    en: 'This pack is for SMS-verified members only. Verify your phone number by SMS on My Page.',
  },
  'gacha.free_draw_count': {
    ja: '無料ガチャは1回ずつ引けます。',
    en: 'The free draw is one pack at a time.',
  },
  'gacha.free_draw_taken': {
    ja: '本日の無料ガチャは引き済みです。無料ガチャは1日1回（日本時間）です。',
    en: 'You have had today’s free draw. The free draw is once a day (Japan time).',
  },
  'gacha.no_pack': {
    ja: 'パックを選択してからお試しください。',
    en: 'Open a pack before buying.',
  },
  'gacha.check_first': {
    ja: '購入内容を確認してから、もう一度お試しください。',
    en: 'Please confirm the purchase again.',
  },
  'gacha.no_result': { ja: '購入結果が見つかりません。', en: 'No purchase result was found.' },
  'gacha.cards_mismatch': {
    ja: '選択されたカードが正しくありません。画面を再読み込みしてください。',
    en: 'The selected cards do not match. Please reload the page.',
  },
  'gacha.ship_only': {
    ja: '発送のみのカードはポイントに変換できません。',
    en: 'Ship-only cards cannot be converted to points.',
  },
  'gacha.deadline_passed': {
    ja: '選択期限（24時間）を過ぎたため、カードはポイントに変換されました。',
    en: 'The 24-hour choice period has passed; the cards were converted to points.',
  },
  'gacha.history_not_found': {
    ja: '購入履歴が見つかりません。',
    en: 'The purchase history was not found.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
