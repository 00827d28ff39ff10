import accounts from './features/accounts.ja.json';
import exchange from './features/exchange.ja.json';
import fairness from './features/fairness.ja.json';
import gacha from './features/gacha.ja.json';
import payments from './features/payments.ja.json';
import shopper from './features/shopper.ja.json';
import finalTerms from './features/terms.ja.json';
import safety from './features/safety.ja.json';
import trust from './features/trust.ja.json';
import shell from './ja.json';

/**
 * The Japanese UI texts, bundled with the app's entry (the default language). The shell's texts
 * live in ja.json; each larger feature keeps its own file under features/, mounted under its
 * own key (t('gacha.…'), t('accounts.…')), so features grow their texts without touching each
 * other's files. en.ts mirrors this file and is loaded only in English mode.
 */
export const JA = {
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
