import { describe, expect, it } from 'vitest';
import {
  cardErrorField,
  cardErrorMessageCode,
  KATAKANA_NAME_PATTERN,
  normalizePayerName,
  pointBuyPayload,
  priceWithTax,
  taxIncluded,
} from './payments.ts';
import { isMessageCode } from './messages.ts';

describe('card provider codes', () => {
  it('map to the field and message of spec section 5', () => {
    const table: [string, string, string][] = [
      ['1300', 'card_number', 'payment.card.invalid_number'],
      ['1301', 'card_number', 'payment.card.invalid_number'],
      ['1400', 'limit_month', 'payment.card.invalid_expiry'],
      ['1401', 'limit_month', 'payment.card.invalid_expiry'],
      ['1500', 'limit_year', 'payment.card.invalid_expiry'],
      ['1501', 'limit_year', 'payment.card.invalid_expiry'],
      ['1502', 'limit_year', 'payment.card.invalid_expiry'],
      ['1600', 'cvc', 'payment.card.invalid_cvc'],
      ['1601', 'cvc', 'payment.card.invalid_cvc'],
      ['1700', 'card_name', 'payment.card.invalid_name'],
      ['8000', 'card', 'payment.card.maintenance'],
      ['7001', 'card', 'payment.communication'],
      ['G12', 'card', 'payment.card_failed'],
      ['TOKEN', 'card', 'payment.card_unverified'],
      ['9999', 'card', 'payment.card.other'],
    ];
    for (const [code, field, message] of table) {
      expect(cardErrorField(code), code).toBe(field);
      expect(cardErrorMessageCode(code), code).toBe(message);
      expect(isMessageCode(message)).toBe(true);
    }
  });
});

describe('bank-transfer account holder', () => {
  it('is full-width katakana with the long-vowel mark and spaces; half-width katakana is folded', () => {
    expect(normalizePayerName(' ﾔﾏﾀﾞ　ﾊﾅｺ ')).toBe('ヤマダ ハナコ');
    for (const ok of ['ヤマダ ハナコ', 'ヤマダ　ハナコ', 'サトウタロー', 'ヴィヴィアン']) expect(KATAKANA_NAME_PATTERN.test(ok), ok).toBe(true);
    for (const ng of ['やまだ', '山田', 'YAMADA', 'ヤマダ1', ' ヤマダ', 'ヤマダ・ハナコ']) expect(KATAKANA_NAME_PATTERN.test(ng), ng).toBe(false);
  });
});

describe('tax', () => {
  it('adds 10% rounded to the yen and finds the tax inside a price', () => {
    expect(priceWithTax(1000)).toBe(1100);
    expect(priceWithTax(1234)).toBe(1357);
    expect(taxIncluded(1100)).toBe(100);
    expect(taxIncluded(1357)).toBe(123);
    expect(taxIncluded(110000)).toBe(10000);
  });
});

describe('pointBuyPayload', () => {
  it('names the missing field of each method', () => {
    const fields = (payload: unknown) => {
      const parsed = pointBuyPayload.safeParse(payload);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(fields({ pay_id: 2 })).toEqual(['combini_code:payment.combini_required']);
    expect(fields({ pay_id: 6, carrier_id: 'x' })).toEqual(['carrier_id:payment.carrier_required']);
    expect(fields({ pay_id: 1 })).toEqual(['card:payment.card_unverified']);
    expect(fields({ pay_id: 4, name: 'yamada' })).toEqual(['name:payment.name_katakana']);
    expect(fields({ pay_id: '7' })).toEqual(['pay_id:payment.method_unavailable']);
    expect(fields({ pay_id: '12' })).toEqual([]);
  });
});
