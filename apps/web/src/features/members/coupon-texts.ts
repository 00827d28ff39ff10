import { useTranslation } from 'react-i18next';
import en from '@/locales/features/coupons.en.json';
import ja from '@/locales/features/coupons.ja.json';

export type CouponTextKey = keyof typeof ja;

/**
 * The coupon field's words (decision 059), kept in my page's chunk rather than in the entry's
 * catalogue (e2e/bundle-budget), as the LINE screens keep theirs: a text by key in the page's
 * language, with {{name}} placeholders filled.
 */
export function useCouponText(): (key: CouponTextKey, values?: Record<string, string>) => string {
  const texts: Record<CouponTextKey, string> = useTranslation().i18n.language === 'en' ? en : ja;
  return (key, values = {}) => texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
