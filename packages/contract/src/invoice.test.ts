import { describe, expect, it } from 'vitest';
import { corporateCheckDigit, invoiceSettingsPayload, isRegistrationNumber, normalizeRegistrationNumber, paymentMethodText, receiptTax } from './invoice.ts';

describe('registration number check digit (財務省令第七十号 第二条)', () => {
  // Published corporate numbers: the National Tax Agency (国税庁), Toyota Motor, and the worked
  // example of the formula's own explanation (7123456789012).
  const VALID = ['7000012050002', '1180301018771', '7123456789012'];

  it('computes the first digit of known corporate numbers from the other twelve', () => {
    for (const number of VALID) expect(corporateCheckDigit(number.slice(1)), number).toBe(Number(number[0]));
  });

  it('accepts T and a valid number, refuses every other first digit and malformed input', () => {
    for (const number of VALID) expect(isRegistrationNumber(`T${number}`)).toBe(true);
    for (let digit = 0; digit <= 9; digit += 1) {
      if (digit === 7) continue;
      expect(isRegistrationNumber(`T${digit}000012050002`)).toBe(false);
    }
    for (const bad of ['7000012050002', 't7000012050002', 'T700001205000', 'T70000120500020', 'T７000012050002', '']) {
      expect(isRegistrationNumber(bad), bad).toBe(false);
    }
  });

  it('folds how an operator may type it before the check', () => {
    expect(normalizeRegistrationNumber(' t7000-0120-50002 ')).toBe('T7000012050002');
    expect(normalizeRegistrationNumber('Ｔ７００００１２０５０００２')).toBe('T7000012050002');
    expect(invoiceSettingsPayload.parse({ registration_number: 'T7000 012050002' })).toEqual({ registration_number: 'T7000012050002' });
    expect(invoiceSettingsPayload.parse({ registration_number: '' })).toEqual({ registration_number: '' });
    expect(invoiceSettingsPayload.safeParse({ registration_number: 'T7000012050003' }).success).toBe(false);
  });
});

describe('receipt tax: floor(total × 10 / 110), once per receipt', () => {
  it('rounds the tax inside a tax-included total down', () => {
    expect(receiptTax(1100)).toBe(100);
    expect(receiptTax(1000)).toBe(90); // 90.90… (rounding to the nearest yen would say 91)
    expect(receiptTax(550)).toBe(50);
    expect(receiptTax(3300)).toBe(300);
    expect(receiptTax(10)).toBe(0); // 0.90…
    expect(receiptTax(110000)).toBe(10000);
  });

  it('never exceeds the tax a tax-excluded price gives, and leaves the price without tax at or above 100/110', () => {
    for (let total = 1; total <= 20000; total += 7) {
      const tax = receiptTax(total);
      expect(tax).toBe(Math.floor(total / 11));
      expect((total - tax) * 110).toBeGreaterThanOrEqual(total * 100);
    }
  });
});

describe('the payment method a receipt names', () => {
  it('names a spec method, money received outside the site, and nothing for an unknown id', () => {
    expect(paymentMethodText(1, '')).toEqual({ ja: 'クレジットカード', en: 'Credit card' });
    expect(paymentMethodText(0, 'bank')).toEqual({ ja: '銀行振込（サイト外）', en: 'Bank transfer (outside the site)' });
    expect(paymentMethodText(0, 'nonsense')).toBeUndefined();
    expect(paymentMethodText(99, '')).toBeUndefined();
  });
});
