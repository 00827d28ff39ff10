import type { Lang } from '../states.ts';

/** Messages of age and spending safety (issue 26, decisions 037 and 043). */
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
  'safety.daily_limit_reached': {
    ja: 'ご自身で設定した1日のポイント購入上限は{limit}円です。本日あと{left}円まで購入できます（{reset}（日本時間）にリセットされます）。',
    en: 'Your own daily limit for buying points is ¥{limit}. You can spend ¥{left} more today (it resets on {reset}, Japan time).',
  },
  'safety.monthly_limit_reached': {
    ja: 'ご自身で設定した1か月のポイント購入上限は{limit}円です。今月あと{left}円まで購入できます（{reset}（日本時間）にリセットされます）。',
    en: 'Your own monthly limit for buying points is ¥{limit}. You can spend ¥{left} more this month (it resets on {reset}, Japan time).',
  },
  'safety.paused_timeout': {
    ja: 'タイムアウト中のため、{until}（日本時間）までポイントとパックは購入できません。',
    en: 'You are taking a time-out: you cannot buy points or packs until {until} (Japan time).',
  },
  'safety.paused_exclusion': {
    ja: '自己排除の期間中のため、{until}（日本時間）までポイントとパックは購入できません。',
    en: 'You have excluded yourself: you cannot buy points or packs until {until} (Japan time).',
  },
  'safety.pause_not_shorter': {
    ja: '設定中の購入停止は{until}（日本時間）まで解除・短縮できません。それより長い期間のみ選べます。',
    en: 'Your current pause runs until {until} (Japan time) and cannot be lifted or shortened; only a longer period can replace it.',
  },
  'safety.pause_period': {
    ja: '期間を選んでください。',
    en: 'Choose a period.',
  },
  'safety.limit_range': {
    ja: '上限は0円から10,000,000円までの整数で入力してください（空欄は上限なし）。',
    en: 'Enter a limit in whole yen from 0 to 10,000,000 (leave it empty for no limit).',
  },
  'admin.minor_cap_range': {
    ja: '上限は0円から1,000,000円までの整数で入力してください。',
    en: 'Enter a cap in whole yen from 0 to 1,000,000.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
