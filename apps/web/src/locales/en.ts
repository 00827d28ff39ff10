import accounts from './features/accounts.en.json';
import exchange from './features/exchange.en.json';
import fairness from './features/fairness.en.json';
import gacha from './features/gacha.en.json';
import payments from './features/payments.en.json';
import shopper from './features/shopper.en.json';
import finalTerms from './features/terms.en.json';
import safety from './features/safety.en.json';
import trust from './features/trust.en.json';
import shell from './en.json';

/**
 * The English UI texts: a chunk of its own, loaded only when the page is in English mode
 * (lib/i18n.ts), so a Japanese visitor never downloads them. Same keys as ja.ts.
 */
export const EN = {
  ...shell,
  gacha,
  accounts,
  payments,
  exchange,
  trust,
  finalTerms,
  shopper,
  fairness,
  safety,
};
