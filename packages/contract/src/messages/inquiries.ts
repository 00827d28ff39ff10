import type { Lang } from '../states.ts';

/** Messages of members' inquiries and the console's inbox (issue 27 point 8, decision 052). */
export const INQUIRY_MESSAGES = {
  'inquiries.category_invalid': { ja: 'お問い合わせの種類を選んでください。', en: 'Choose what your inquiry is about.' },
  'inquiries.status_invalid': { ja: '知らない対応状況です。', en: 'Unknown status.' },
  'inquiries.purchase_invalid': {
    ja: '選んだご購入が見つかりません。ご自身のご購入から選んでください。',
    en: 'That purchase was not found. Choose one of your own purchases.',
  },
  'inquiries.assignee_invalid': { ja: '担当者が見つかりません。', en: 'That operator was not found.' },
  'inquiries.not_found': { ja: 'お問い合わせが見つかりません。', en: 'Inquiry not found.' },
  'inquiries.disabled': {
    ja: '現在、サイトからのお問い合わせは受け付けていません。',
    en: 'Inquiries from the site are not open at the moment.',
  },
  'inquiries.closed': {
    ja: 'このお問い合わせは終了しています。新しいお問い合わせをお送りください。',
    en: 'This inquiry is closed. Please send a new one.',
  },
  'inquiries.throttled': {
    ja: '短時間に多くのお問い合わせが送られました。しばらくしてから再度お送りください。',
    en: 'Too many messages in a short time. Please wait a while and send again.',
  },
  'inquiries.too_many_files': { ja: '添付できる画像は {max} 枚までです。', en: 'Attach at most {max} images.' },
  'inquiries.file_too_large': { ja: '添付画像は1枚 {max} までです。', en: 'Each image may be at most {max}.' },
  'inquiries.file_type': {
    ja: '添付できるのは画像（PNG・JPEG・WebP）だけです。',
    en: 'Only images (PNG, JPEG, WebP) can be attached.',
  },
  'inquiries.file_malformed': {
    ja: '添付ファイルを読み取れませんでした。もう一度お試しください。',
    en: 'The attachments could not be read. Please try again.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
