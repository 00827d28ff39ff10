import type { Lang } from '../states.ts';

/** Messages of campaigns (decision 060). */
export const CAMPAIGN_MESSAGES = {
  'campaigns.kind': { ja: 'キャンペーンの種類を選んでください。', en: 'Choose the kind of campaign.' },
  'campaigns.name_required': { ja: 'キャンペーン名を入力してください。', en: 'Enter the campaign name.' },
  'campaigns.time_format': { ja: '日時を正しく入力してください。', en: 'Enter a valid date and time.' },
  'campaigns.end_before_start': { ja: '終了日時は開始日時より後にしてください。', en: 'The end must be after the start.' },
  'campaigns.percent_range': {
    ja: '増量率は1〜20%で入力してください（景品表示法の総付景品の上限）。',
    en: 'Enter an extra of 1 to 20 % (the cap on premiums tied to a purchase).',
  },
  'campaigns.multiplier_range': { ja: 'コインバックの倍率は2倍か3倍を選んでください。', en: 'Choose a coin-back multiplier of 2 or 3.' },
  'campaigns.budget_range': { ja: '予算は0より大きく100,000,000以下で入力してください。', en: 'Enter a budget above 0 and up to 100,000,000.' },
  'campaigns.budget_whole': { ja: 'ポイント増量の予算は整数のポイントで入力してください。', en: 'A point bonus budget is a whole number of points.' },
  'campaigns.overlap': {
    ja: '同じ種類のキャンペーン「{name}」と期間が重なっています（{from}〜{to}）。同じ種類は同時に1つまでです。',
    en: 'The period overlaps campaign "{name}" of the same kind ({from} to {to}). Only one campaign of each kind may run at a time.',
  },
  'campaigns.not_found': { ja: 'キャンペーンが見つかりません。', en: 'Campaign not found.' },
} as const satisfies Record<string, Record<Lang, string>>;
