import { describe, expect, it } from 'vitest';
import { createCsrfSigner, CSRF_MAX_AGE_MS, issuedAt } from './csrf.ts';

describe('csrf tokens', () => {
  const signer = createCsrfSigner('a-secret-for-tests');

  it('verify for the session they were issued to, again and again, and never for another', () => {
    const token = signer.issue('session-a');
    expect(signer.verify('session-a', token)).toBe(true);
    expect(signer.verify('session-a', token)).toBe(true);
    // Verified (and remembered) for session-a: still worthless for session-b.
    expect(signer.verify('session-b', token)).toBe(false);
    expect(signer.verify('session-a', token)).toBe(true);
  });

  it('expire an hour after issue even when verified before', () => {
    const now = Date.now();
    const token = signer.issue('session-a', now);
    expect(signer.verify('session-a', token, now)).toBe(true);
    expect(signer.verify('session-a', token, now + CSRF_MAX_AGE_MS + 1)).toBe(false);
  });

  it('refuse a forged mac, a different secret and garbage', () => {
    const token = signer.issue('session-a');
    const [time, nonce] = token.split('.');
    expect(signer.verify('session-a', `${time}.${nonce}.forged`)).toBe(false);
    expect(createCsrfSigner('another-secret').verify('session-a', token)).toBe(false);
    expect(signer.verify('session-a', 'x')).toBe(false);
    expect(signer.verify('session-a', undefined)).toBe(false);
  });

  it('still verify after many tokens have passed through', () => {
    const first = signer.issue('session-a');
    for (let i = 0; i < 5000; i += 1) expect(signer.verify(`s${i}`, signer.issue(`s${i}`))).toBe(true);
    expect(signer.verify('session-a', first)).toBe(true);
    expect(signer.verify('session-b', first)).toBe(false);
  });

  it('carry their time of issue', () => {
    expect(issuedAt(signer.issue('k', 1_700_000_000_000))).toBe(1_700_000_000_000);
    expect(issuedAt('garbage')).toBeNaN();
  });
});
