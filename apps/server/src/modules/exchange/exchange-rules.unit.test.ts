import { EXCHANGE_RESULT } from '@oripa/contract/exchange';
import { describe, expect, it } from 'vitest';
import { exchangeRefusal, type ExchangeTerms } from './exchange-rules.ts';

const card = (terms: Partial<ExchangeTerms> = {}): ExchangeTerms => ({ active: true, stock: 5, subCoin: '100.00', limitPerMember: 0, ...terms });

describe('exchangeRefusal', () => {
  it('lets a member with enough coins take a published card in stock', () => {
    expect(exchangeRefusal(card(), 0, '100.00')).toBeNull();
    expect(exchangeRefusal(card({ limitPerMember: 2 }), 1, '250')).toBeNull();
  });

  it('refuses an unknown or hidden card first', () => {
    expect(exchangeRefusal(undefined, 0, '999')?.result).toBe(EXCHANGE_RESULT.refused);
    expect(exchangeRefusal(card({ active: false, stock: 0 }), 0, '0')?.result).toBe(EXCHANGE_RESULT.refused);
  });

  it('refuses a sold-out card before the limit and the coins', () => {
    expect(exchangeRefusal(card({ stock: 0, limitPerMember: 1 }), 1, '0')).toMatchObject({ result: EXCHANGE_RESULT.soldOut, code: 'exchange.sold_out' });
  });

  it("answers '-3' at the per-member limit, naming it; 0 means no limit", () => {
    expect(exchangeRefusal(card({ limitPerMember: 1 }), 1, '500')).toEqual({
      result: EXCHANGE_RESULT.limit,
      code: 'exchange.limit_reached',
      params: { limit: 1, done: 1 },
    });
    expect(exchangeRefusal(card({ limitPerMember: 0 }), 1000, '500')).toBeNull();
  });

  it("answers '-1' when the coins fall short by a hundredth", () => {
    expect(exchangeRefusal(card({ subCoin: '100.01' }), 0, '100.00')).toEqual({
      result: EXCHANGE_RESULT.insufficient,
      code: 'exchange.coins_short',
      params: { cost: '100.01', balance: '100.00' },
    });
  });
});
