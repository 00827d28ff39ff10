import { OUTSIDE_METHOD_TEXTS, OUTSIDE_PAY_ID, PAY_METHOD_TEXTS, type OutsidePaymentMethod, type PayId } from '@oripa/contract/constants';
import { currentLang } from '@/lib/i18n.ts';

/** A payment's method in the console's language: a method of the spec, or how money came outside the site. */
export function paymentMethodName(payId: number, option = ''): string {
  const lang = currentLang();
  if (payId === OUTSIDE_PAY_ID) return OUTSIDE_METHOD_TEXTS[option as OutsidePaymentMethod]?.[lang] ?? OUTSIDE_METHOD_TEXTS.other[lang];
  return PAY_METHOD_TEXTS[payId as PayId]?.name[lang] ?? String(payId);
}
