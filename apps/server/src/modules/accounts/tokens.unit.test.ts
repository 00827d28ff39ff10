import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TOKEN_PATTERN } from '@oripa/contract/accounts';
import { digestsEqual, newSalt, newSmsCode, newToken, smsCodeDigest, tokenDigest } from './tokens.ts';
import { resetLink } from './password.service.ts';

describe('tokens', () => {
  it('makes reset tokens of 32 random bytes, stored as SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(PASSWORD_RESET_TOKEN_PATTERN);
    expect(newToken()).not.toBe(token);
    expect(tokenDigest(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenDigest(token)).toBe(tokenDigest(token));
  });

  it('builds the reset link the web app handles', () => {
    expect(resetLink('https://shop.example.jp', 'abc')).toBe('https://shop.example.jp/password-reissue?token=abc');
  });

  it('makes 6-digit SMS codes, kept only as salted digests', () => {
    for (let i = 0; i < 200; i += 1) expect(newSmsCode()).toMatch(/^\d{6}$/);
    const salt = newSalt();
    const digest = smsCodeDigest(salt, '012345');
    expect(digest).not.toContain('012345');
    expect(digestsEqual(digest, smsCodeDigest(salt, '012345'))).toBe(true);
    expect(digestsEqual(digest, smsCodeDigest(salt, '012346'))).toBe(false);
    expect(digestsEqual(digest, smsCodeDigest(newSalt(), '012345'))).toBe(false);
    expect(digestsEqual('a', 'ab')).toBe(false);
  });
});
