import type { Lang } from '../states.ts';

/** Messages of age and spending safety (issue 26, decision 037). */
export const PLAY_SAFETY_MESSAGES = {
  'safety.birth_date_required': {
    ja: 'ポイントを購入する前に生年月日を入力してください。',
    en: 'Enter your date of birth before buying points.',
  },
  'safety.birth_date_format': {
    ja: '生年月日は実在する日付（例: 2008-04-01）で入力してください。',
    en: 'Enter your date of birth as a real date (e.g. 2008-04-01).',
  },
  'safety.birth_date_range': {
    ja: '生年月日に未来の日付や120年以上前の日付は入力できません。',
    en: 'The date of birth cannot be in the future or more than 120 years ago.',
  },
  'safety.birth_date_locked': {
    ja: '生年月日は登録後に変更できません。誤りがある場合はサポートにお問い合わせください。',
    en: 'Your date of birth cannot be changed once entered. If it is wrong, please contact support.',
  },
  'safety.consent_required': {
    ja: '18歳未満の方は、保護者の同意を得たうえで「保護者の同意を得ています」にチェックしてください。',
    en: 'If you are under 18, you need a parent or guardian’s consent: tick “My parent or guardian consents”.',
  },
  'safety.minor_cap_reached': {
    ja: '18歳未満の方のポイント購入は1か月{cap}円までです。今月あと{left}円まで購入できます（{reset}（日本時間）にリセットされます）。',
    en: 'Members under 18 can buy points for up to ¥{cap} a month. You can spend ¥{left} more this month (it resets on {reset}, Japan time).',
  },
  'admin.minor_cap_range': {
    ja: '上限は0円から1,000,000円までの整数で入力してください。',
    en: 'Enter a cap in whole yen from 0 to 1,000,000.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
