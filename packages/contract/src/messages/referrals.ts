import type { Lang } from '../states.ts';

/** Messages of referral codes (design decision 6); shown under referralCode. */
export const REFERRAL_MESSAGES = {
  'referrals.code_not_found': {
    ja: '紹介コードが見つかりません。入力内容をご確認ください。',
    en: 'This referral code was not found. Please check it.',
  },
  'referrals.code_not_eligible': {
    ja: 'この紹介コードは現在ご利用いただけません。紹介者がSMS認証と初回のお支払いを済ませると利用できるようになります。',
    en: 'This referral code cannot be used yet. It becomes usable once the referrer has completed SMS verification and a first payment.',
  },
  'referrals.code_full': {
    ja: 'この紹介コードは紹介できる人数の上限（{limit}人）に達しているため、ご利用いただけません。',
    en: 'This referral code has reached its limit of {limit} friends and can no longer be used.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
