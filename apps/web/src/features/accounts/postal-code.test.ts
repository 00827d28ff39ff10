import { describe, expect, it } from 'vitest';
import { lookupableZipcode, normalizeZipcode } from './account-rules.ts';
import { zipcodePayload } from './components/member-values.ts';

// Issue 15 item 4: the postal code accepts 「100-0001」 and full-width digits.

describe('postal code normalisation', () => {
  it('takes the hyphen out of 「100-0001」, whatever dash was typed', () => {
    expect(normalizeZipcode('100-0001')).toBe('1000001');
    expect(normalizeZipcode('100ー0001')).toBe('1000001');
    expect(normalizeZipcode('100－0001')).toBe('1000001');
    expect(normalizeZipcode('100‐0001')).toBe('1000001');
    expect(normalizeZipcode('100−0001')).toBe('1000001');
  });

  it('makes full-width digits half-width and trims', () => {
    expect(normalizeZipcode('１５００００２')).toBe('1500002');
    expect(normalizeZipcode('１００－０００１')).toBe('1000001');
    expect(normalizeZipcode(' 1500002 ')).toBe('1500002');
  });

  it('leaves anything else as typed for the server to judge', () => {
    expect(normalizeZipcode('10-00001')).toBe('10-00001');
    expect(normalizeZipcode('150000')).toBe('150000');
    expect(normalizeZipcode('abc')).toBe('abc');
  });

  it('looks up only 7 digits', () => {
    expect(lookupableZipcode('100-0001')).toBe('1000001');
    expect(lookupableZipcode('１００－０００１')).toBe('1000001');
    expect(lookupableZipcode('100-000')).toBeNull();
    expect(lookupableZipcode('10000010')).toBeNull();
  });

  it('sends a Japanese code normalised and an overseas one as typed', () => {
    expect(zipcodePayload({ pref_id: '13', zipcode: '100-0001' })).toBe('1000001');
    expect(zipcodePayload({ pref_id: '', zipcode: '１００－０００１' })).toBe('1000001');
    expect(zipcodePayload({ pref_id: '99', zipcode: '12345-6789' })).toBe('12345-6789');
  });
});
