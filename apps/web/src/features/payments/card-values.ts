import type { CardInput } from './tokenizer.ts';

/** The card form as typed: the number in four boxes of 4 (spec section 2, /card-input). */
export interface CardValues {
  number: [string, string, string, string];
  month: string;
  year: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardValues = { number: ['', '', '', ''], month: '', year: '', cvc: '', name: '' };

/** The limits of spec section 5: the payment form, and /card-input (4-digit year, 3-digit code). */
export const CARD_LIMITS = {
  payment: { month: 2, year: 2, cvc: 4, name: 20 },
  cardInput: { month: 2, year: 4, cvc: 3, name: 20 },
} as const;
export type CardVariant = keyof typeof CARD_LIMITS;

export function digitsOnly(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}

/** Spreads typed or pasted digits over the number boxes from `start`, 4 a box. */
export function spreadDigits(number: CardValues['number'], start: number, digits: string): CardValues['number'] {
  const next = [...number] as CardValues['number'];
  let rest = digits;
  for (let box = start; box < 4; box += 1) {
    next[box] = rest.slice(0, 4);
    rest = rest.slice(4);
    if (rest === '') break;
  }
  return next;
}

/** What the provider's tokenizer receives; a 4-digit year is sent as typed (the provider takes both). */
export function toCardInput(values: CardValues): CardInput {
  return {
    card_number: values.number.join(''),
    limit_month: values.month,
    limit_year: values.year,
    cvc: values.cvc,
    card_name: values.name.trim(),
  };
}
