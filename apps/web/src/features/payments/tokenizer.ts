import { CARD_PROVIDER_CODE } from '@oripa/contract/constants';
import { gmoTokenizer, type MultipaymentApi } from './gmo-tokenizer.ts';
import type { CardInput, ProviderTokenizer, TokenAnswer, TokenizerOptions } from './tokenizer-types.ts';

/**
 * The payment provider's tokenizer script (spec section 7, "a card payment provider script and
 * tokenization call"). POST /user/gmo_token names the script and the endpoint; the script posts
 * the card straight to the provider and answers a single-use token, so the card number never
 * reaches the shop's API. The built-in sandbox provider's script exposes window.OripaSandboxPay,
 * GMO's token.js window.Multipayment (gmo-tokenizer.ts).
 */

export type { CardInput, ProviderTokenizer, TokenAnswer, TokenizerOptions } from './tokenizer-types.ts';

declare global {
  interface Window {
    OripaSandboxPay?: ProviderTokenizer;
    /** GMO Payment Gateway's token.js. */
    Multipayment?: MultipaymentApi;
  }
}

/** The tokenizer a provider script installed: GMO's Multipayment if this script brought it, else the sandbox's. */
function installedTokenizer(gmoBefore: MultipaymentApi | undefined): ProviderTokenizer | undefined {
  if (window.Multipayment && window.Multipayment !== gmoBefore) return gmoTokenizer(window.Multipayment);
  return window.OripaSandboxPay ?? (window.Multipayment ? gmoTokenizer(window.Multipayment) : undefined);
}

/** Code of a tokenizer that could not be loaded or answered nothing usable. */
export const TOKENIZER_UNAVAILABLE = CARD_PROVIDER_CODE.tokenizerUnreachable;

const loading = new Map<string, Promise<ProviderTokenizer>>();

/** Loads the provider's script once (a script element, as providers require) and answers its API. */
export function loadTokenizer(scriptUrl: string): Promise<ProviderTokenizer> {
  if (window.OripaSandboxPay && !window.Multipayment) return Promise.resolve(window.OripaSandboxPay);
  const pending = loading.get(scriptUrl);
  if (pending) return pending;
  const gmoBefore = window.Multipayment;
  const promise = new Promise<ProviderTokenizer>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const tokenizer = installedTokenizer(gmoBefore);
      if (tokenizer) resolve(tokenizer);
      else reject(new Error('the payment provider script did not load its API'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`the payment provider script ${scriptUrl} failed to load`));
    };
    document.head.append(script);
  });
  // A failed load may be retried with the next submission.
  promise.catch(() => loading.delete(scriptUrl));
  loading.set(scriptUrl, promise);
  return promise;
}

async function answerOf(task: () => Promise<TokenAnswer>): Promise<TokenAnswer> {
  try {
    const answer = await task();
    return answer && typeof answer.resultCode === 'string' ? answer : { resultCode: TOKENIZER_UNAVAILABLE };
  } catch {
    return { resultCode: TOKENIZER_UNAVAILABLE };
  }
}

/** Tokenizes a card at the provider. */
export function tokenizeCard(scriptUrl: string, card: CardInput, options: TokenizerOptions): Promise<TokenAnswer> {
  return answerOf(async () => (await loadTokenizer(scriptUrl)).getToken(card, options));
}

/** A mobile-payment token (no card data). */
export function tokenizeMobile(scriptUrl: string, options: TokenizerOptions): Promise<TokenAnswer> {
  return answerOf(async () => (await loadTokenizer(scriptUrl)).getMobileToken(options));
}
