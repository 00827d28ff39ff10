import en from '@/locales/features/coupons.en.json';
import ja from '@/locales/features/coupons.ja.json';
import { usePageText } from '@/lib/page-texts.ts';

export type CouponTextKey = keyof typeof ja;

/**
 * The coupon fields' words (decisions 059, 061), for my page's field and /buy-point's alike, kept
 * in the chunks that show them rather than in the entry's catalogue (e2e/bundle-budget): a text
 * by key in the page's language, with {{name}} placeholders filled.
 */
export function useCouponText(): (key: CouponTextKey, values?: Record<string, string>) => string {
  return usePageText<CouponTextKey>({ ja, en });
}
