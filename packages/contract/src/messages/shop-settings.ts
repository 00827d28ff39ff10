import type { Lang } from '../states.ts';

/** Messages of the console's shop settings (courses, banners, exchange cards, ranks, reveal videos). */
export const SHOP_SETTINGS_MESSAGES = {
  'shop_settings.not_found': { ja: '対象が見つかりません。一覧を再読み込みしてください。', en: 'Not found. Reload the list.' },
  'shop_settings.amount_range': {
    ja: '0以上10,000,000以下の整数で入力してください（ポイントと価格は1以上）。',
    en: 'Enter a whole number up to 10,000,000 (points and price at least 1).',
  },
  'shop_settings.media_path': {
    ja: 'アップロードした画像または動画（/media/…）を指定してください。',
    en: 'Choose an uploaded image or video (/media/…).',
  },
  'shop_settings.link_format': {
    ja: 'リンク先はサイト内のパス（/で始まる）またはhttps://で始まるURLにしてください。',
    en: 'Link to a path of the shop (starting with /) or an https:// address.',
  },
  'shop_settings.datetime_format': { ja: '日時の形式が正しくありません。', en: 'Enter a valid date and time.' },
  'shop_settings.period_order': { ja: '終了日時は開始日時より後にしてください。', en: 'The end must come after the start.' },
  'shop_settings.coin_format': {
    ja: 'コインは小数第2位までの数で入力してください。',
    en: 'Enter coins as a number with at most two decimals.',
  },
  'shop_settings.rate_format': {
    ja: '還元率は0〜100の数（小数第2位まで）で入力してください。',
    en: 'Enter a rate from 0 to 100 with at most two decimals.',
  },
  'shop_settings.rarity_range': { ja: 'レアリティは1〜7で選んでください。', en: 'Choose a rarity from 1 to 7.' },
  'shop_settings.movie_style': { ja: '演出の種類が正しくありません。', en: 'Choose a valid movie style.' },
  'shop_settings.stock_change': {
    ja: '在庫の増減は0以外の整数で入力してください（減らす場合はマイナス）。',
    en: 'Enter a whole number other than 0 (negative to take stock away).',
  },
  'shop_settings.stock_short': {
    ja: '在庫が足りないため減らせません（現在の在庫: {stock}）。',
    en: 'There is not that much stock to take away (now: {stock}).',
  },
  'shop_settings.course_retired': {
    ja: '終了したポイントコースは変更できません。',
    en: 'A retired course cannot be changed.',
  },
  'shop_settings.rank_lowest': {
    ja: '最も低いランクの条件金額と維持コインは0にしてください（新規会員の開始ランクです）。',
    en: 'The lowest rank must need 0 yen and 0 coins: new members start there.',
  },
  'shop_settings.rank_order': {
    ja: '条件金額は上位のランクほど高くしてください（{below}より高く、{above}より低く）。',
    en: 'Each rank must need more than the rank below ({below}) and less than the one above ({above}).',
  },
} as const satisfies Record<string, Record<Lang, string>>;
