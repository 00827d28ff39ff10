import { describe, expect, it } from 'vitest';
import { digitsOnly, EMPTY_CARD, spreadDigits, toCardInput } from './card-values.ts';

describe('card values', () => {
  it('keeps digits only, full-width digits too', () => {
    expect(digitsOnly('４１１１-11 1a')).toBe('4111111');
  });

  it('spreads pasted digits over the boxes from the box pasted into', () => {
    expect(spreadDigits(['', '', '', ''], 0, '4111111111111111')).toEqual(['4111', '1111', '1111', '1111']);
    expect(spreadDigits(['4111', '', '', ''], 1, '22223333')).toEqual(['4111', '2222', '3333', '']);
    expect(spreadDigits(['4111', '2222', '', ''], 1, '')).toEqual(['4111', '', '', '']);
  });

  it('joins the boxes into the card number the tokenizer takes', () => {
    expect(toCardInput({ ...EMPTY_CARD, number: ['4111', '1111', '1111', '1111'], name: ' TARO ' })).toEqual({
      card_number: '4111111111111111',
      limit_month: '',
      limit_year: '',
      cvc: '',
      card_name: 'TARO',
    });
  });
});
