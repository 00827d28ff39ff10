import en from './en.json';
import exchangeEn from './features/exchange.en.json';
import exchangeJa from './features/exchange.ja.json';
import accountsEn from './features/accounts.en.json';
import accountsJa from './features/accounts.ja.json';
import gachaEn from './features/gacha.en.json';
import gachaJa from './features/gacha.ja.json';
import paymentsEn from './features/payments.en.json';
import paymentsJa from './features/payments.ja.json';
import ja from './ja.json';
import trustEn from './features/trust.en.json';
import trustJa from './features/trust.ja.json';
import termsEn from './features/terms.en.json';
import termsJa from './features/terms.ja.json';

/**
 * The UI text catalogues. The shell's texts live in ja.json / en.json; each larger feature keeps
 * its own file under features/, mounted under its own key (t('gacha.…'), t('accounts.…')), so
 * features can grow their texts without touching each other's files.
 */
export const JA = { ...ja, gacha: gachaJa, accounts: accountsJa, payments: paymentsJa, exchange: exchangeJa, trust: trustJa, finalTerms: termsJa };
export const EN = { ...en, gacha: gachaEn, accounts: accountsEn, payments: paymentsEn, exchange: exchangeEn, trust: trustEn, finalTerms: termsEn };
