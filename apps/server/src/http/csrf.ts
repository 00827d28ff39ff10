import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens bound to the session (design decision 9). A token is `time.nonce.mac` where mac is
 * an HMAC of the session key, time and nonce under the shop's secret. Every response issues a
 * fresh token; a POST is accepted with any token issued to the same session within the last hour,
 * so parallel requests from one tab never fail, while another session's token never verifies.
 * Being stateless, it needs no write per response.
 */
export const CSRF_MAX_AGE_MS = 60 * 60 * 1000;

export interface CsrfSigner {
  issue(sessionKey: string, now?: number): string;
  verify(sessionKey: string, token: unknown, now?: number): boolean;
}

export function createCsrfSigner(secret: string): CsrfSigner {
  const mac = (sessionKey: string, time: string, nonce: string) =>
    createHmac('sha256', secret).update(`${sessionKey}.${time}.${nonce}`).digest('base64url');

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
      const issuedAt = Number.parseInt(time, 36);
      if (!Number.isFinite(issuedAt)) return false;
      const age = now - issuedAt;
      // A small negative age allows for clock skew between instances.
      if (age > CSRF_MAX_AGE_MS || age < -60_000) return false;
      const expected = Buffer.from(mac(sessionKey, time, nonce));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
