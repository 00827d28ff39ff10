import { normalizeReferralCode, REFERRAL_CODE_PATTERN } from '@oripa/contract/referrals';
import { describe, expect, it } from 'vitest';
import { generateReferralCode } from './referrals.service.ts';

describe('generateReferralCode', () => {
  it('makes 8-character codes without look-alike characters, different each time', () => {
    const codes = new Set(Array.from({ length: 500 }, () => generateReferralCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) {
      expect(code).toMatch(REFERRAL_CODE_PATTERN);
      expect(code).not.toMatch(/[01IO]/);
    }
  });
});

describe('normalizeReferralCode', () => {
  it('accepts a code typed in lower case, full width or with spaces', () => {
    expect(normalizeReferralCode(' abcd efgh ')).toBe('ABCDEFGH');
    expect(normalizeReferralCode('ＡＢＣＤ２３４５')).toBe('ABCD2345');
  });
});
