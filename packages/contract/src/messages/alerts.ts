import type { Lang } from '../states.ts';

/** Messages of the operators' alert settings and reports (issue 27, decisions 046 and 047). */
export const ALERT_MESSAGES = {
  'admin.webhook_url': {
    ja: 'Webhook のURLは https:// で始まるURL（500文字まで）で入力してください。使わない場合は空欄にします。',
    en: 'Enter the webhook as an https:// URL (up to 500 characters), or leave it empty for none.',
  },
  'admin.alert_kind': { ja: '知らない種類のアラートが含まれています。', en: 'An unknown kind of alert was sent.' },
  'admin.alert_threshold': {
    ja: 'しきい値は範囲内の整数で入力してください（残り口数 1〜100,000、入金待ち 1〜720時間、ジョブ 1〜1,000,000件）。',
    en: 'Enter a whole number in range (packs left 1–100,000, payments waiting 1–720 hours, jobs 1–1,000,000).',
  },
  'admin.report_range': {
    ja: '期間は開始日から終了日まで（終了日は開始日以降、366日まで）で指定してください。',
    en: 'Give a period from a start date to an end date on or after it, 366 days at most.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
