import { z } from 'zod';
import {
  OUTSIDE_METHOD_TEXTS,
  OUTSIDE_PAY_ID,
  PAY_METHOD_TEXTS,
  TAX_RATE_PERCENT,
  isPayId,
  taxIncluded,
  type OutsidePaymentMethod,
} from './constants.ts';
import { textField } from './fields.ts';

/**
 * Invoice-ready receipts (issue 26 point 5, decision 044): the operator's qualified-invoice
 * registration number (適格請求書発行事業者登録番号) and the receipt of one paid point purchase.
 */

/** 'T' and 13 digits: the registration number as the National Tax Agency publishes it. */
export const REGISTRATION_NUMBER_PATTERN = /^T\d{13}$/;

/**
 * The check digit (the first of the 13 digits) of a corporate number (法人番号), from the 12
 * digits after it: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit counted from the right of those 12,
 * Qn 1 for odd n and 2 for even n (財務省令第七十号 第二条). A sole proprietor's registration
 * number uses the same formula.
 */
export function corporateCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) sum += Number(base[12 - n]) * (n % 2 === 0 ? 2 : 1);
  return 9 - (sum % 9);
}

/** True for 'T' + 13 digits whose first digit is the check digit of the other 12. */
export function isRegistrationNumber(value: string): boolean {
  if (!REGISTRATION_NUMBER_PATTERN.test(value)) return false;
  return Number(value[1]) === corporateCheckDigit(value.slice(2));
}

/** How an operator may type it: spaces, hyphens and a lower-case or full-width t are folded away. */
export function normalizeRegistrationNumber(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\s-]/g, '')
    .toUpperCase();
}

/** The tax rate of every receipt: points are standard-rated goods (10%). */
export const RECEIPT_TAX_RATE_PERCENT = TAX_RATE_PERCENT;

/**
 * The consumption tax of one receipt: the prices include tax, so the tax of the receipt's total
 * is floor(total × 10 / 110), rounded once per receipt and rate (decision 044).
 */
export function receiptTax(totalIncludingTax: number): number {
  return taxIncluded(totalIncludingTax);
}

/** How a receipt names the payment method, in both languages: a spec method, or money received outside the site. */
export function paymentMethodText(payId: number, option: string): { ja: string; en: string } | undefined {
  if (payId === OUTSIDE_PAY_ID) return OUTSIDE_METHOD_TEXTS[option as OutsidePaymentMethod];
  return isPayId(payId) ? PAY_METHOD_TEXTS[payId].name : undefined;
}

/** GET/POST /admin/invoice: the registration number the receipts and legal pages show ('' = none yet). */
export const invoiceSettingsResponse = z.object({ registration_number: z.string() });
export const invoiceSettingsPayload = z.object({
  registration_number: textField()
    .transform(normalizeRegistrationNumber)
    .refine((v) => v === '' || isRegistrationNumber(v), 'invoice.registration_number_invalid'),
});

/** GET /user/point/receipt/{paymentId}: the receipt of one of the member's paid point purchases. */
export const pointReceiptResponse = z.object({
  receipt: z.object({
    payment_id: z.number().int(),
    /** When the payment succeeded, ISO-8601 UTC. */
    paid_at: z.string(),
    seller: z.object({ name: z.string(), name_en: z.string(), address: z.string(), address_en: z.string(), tel: z.string() }),
    /** '' while the operator has not entered one (the page says so rather than inventing one). */
    registration_number: z.string(),
    /** Points credited by the payment (what was bought). */
    points: z.number().int(),
    /** Yen paid, tax included (after a coupon's discount). */
    amount: z.number().int(),
    /** Yen a coupon took off the course's price (0: none) and its code (decision 061). */
    discount_yen: z.number().int(),
    coupon_code: z.string(),
    tax_rate: z.number().int(),
    /** The tax inside `amount` at `tax_rate` (receiptTax). */
    tax: z.number().int(),
    pay_id: z.number().int(),
    /** The method's option: the store chain or carrier, or how money outside the site came (paymentMethodText). */
    option: z.string(),
  }),
});
export type PointReceipt = z.infer<typeof pointReceiptResponse>['receipt'];
