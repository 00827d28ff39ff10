import { PASSWORD_RESET_TOKEN_PARAM } from '@oripa/contract/accounts';

/**
 * What operators read of the outbox (the console, `npm run ops -- outbox`) never holds a secret
 * that signs someone in (issue 22 D, decision 033): reset links and SMS codes are shown masked,
 * so every role sees that one was sent, to whom and when, and none can take over the account.
 * The rows themselves stay whole: they are what is delivered.
 */
export const SECRET_MASK = '••••••';

/** A link's token parameter, and any token-like run of 32+ URL-safe characters elsewhere. */
const TOKEN_IN_LINK = new RegExp(`([?&]${PASSWORD_RESET_TOKEN_PARAM}=)[^\\s&#]+`, 'g');
const BARE_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
/** The shop's SMS carry verification codes: every run of 4 or more digits is one. */
const SMS_CODE = /\d{4,}/g;

/** `body` as operators may read it. */
export function maskSecrets(channel: string, body: string): string {
  if (channel === 'sms') return body.replace(SMS_CODE, SECRET_MASK);
  return body.replace(TOKEN_IN_LINK, `$1${SECRET_MASK}`).replace(BARE_TOKEN, SECRET_MASK);
}
