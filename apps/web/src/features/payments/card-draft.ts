import type { CardValues } from './card-values.ts';

/**
 * The card typed on /card-input, handed to /confirm-buy-point in memory only: never sent,
 * never written to storage or history, gone on reload. /card-input itself submits nothing
 * (spec section 2); the payment form picks the draft up once.
 */
let draft: CardValues | null = null;

export function saveCardDraft(values: CardValues): void {
  draft = values;
}

export function peekCardDraft(): CardValues | null {
  return draft;
}

export function clearCardDraft(): void {
  draft = null;
}
