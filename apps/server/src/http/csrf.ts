import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens bound to the session (design decision 9). A token is `time.nonce.mac` where mac is
 * an HMAC of the session key, time and nonce under the shop's secret. Every response issues a
 * fresh token but the purchase calls', which may bring the request's own again (envelope.ts); a
 * POST is accepted with any token issued to the same session within the last hour,
 * so parallel requests from one tab never fail, while another session's token never verifies.
 * Being stateless, it needs no write per response.
 */
export const CSRF_MAX_AGE_MS = 60 * 60 * 1000;

/** When a token was issued (epoch ms, from its time field); NaN when it has none. */
export function issuedAt(token: string): number {
  const dot = token.indexOf('.');
  const time = dot > 0 ? token.slice(0, dot) : '';
  return /^[0-9a-z]{1,12}$/.test(time) ? Number.parseInt(time, 36) : Number.NaN;
}

export interface CsrfSigner {
  issue(sessionKey: string, now?: number): string;
  verify(sessionKey: string, token: unknown, now?: number): boolean;
}

/** Verified tokens remembered (token → session key), so a token sent again costs no HMAC. */
const VERIFIED_CACHE_SIZE = 4096;

export function createCsrfSigner(secret: string): CsrfSigner {
  const mac = (sessionKey: string, time: string, nonce: string) =>
    createHmac('sha256', secret).update(`${sessionKey}.${time}.${nonce}`).digest('base64url');
  // The purchase calls answer with the token they were sent (envelope.ts), so a buyer sends the
  // same one for minutes: one HMAC per token, not per POST. Only a token that verified for that
  // very session key is remembered, and its age is still checked on every use.
  const verified = new Map<string, string>();

  return {
    issue(sessionKey, now = Date.now()) {
      const time = now.toString(36);
      const nonce = randomBytes(9).toString('base64url');
      return `${time}.${nonce}.${mac(sessionKey, time, nonce)}`;
    },
    verify(sessionKey, token, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 200) return false;
      const [time, nonce, given] = token.split('.');
      if (!time || !nonce || !given) return false;
      const issued = issuedAt(token);
      if (!Number.isFinite(issued)) return false;
      const age = now - issued;
      // A small negative age allows for clock skew between instances.
      if (age > CSRF_MAX_AGE_MS || age < -60_000) return false;
      if (verified.get(token) === sessionKey) return true;
      const expected = Buffer.from(mac(sessionKey, time, nonce));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
      verified.set(token, sessionKey);
      return true;
    },
  };
}
