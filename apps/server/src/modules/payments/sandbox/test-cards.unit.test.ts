import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCard } from './tokenizer.ts';
import { codeCardNumber, luhnValid, scenarioOf, testCards } from './test-cards.ts';

describe('sandbox test cards', () => {
  it('are valid card numbers, each with one scenario', () => {
    const cards = testCards();
    expect(new Set(cards.map((c) => c.number)).size).toBe(cards.length);
    for (const card of cards) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(card.number).toHaveLength(16);
      expect(scenarioOf(card.number)).toEqual(card.scenario);
    }
    expect(codeCardNumber('1301')).toMatch(/^4000001301000000\d$|^400000130100000\d$/);
    expect(scenarioOf('4242424242424242')).toEqual({ kind: 'success' });
  });

  it('are all listed in the README', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../README.md'), 'utf8');
    for (const card of testCards()) expect(readme, card.number).toContain(card.number);
  });
});

describe('checkCard', () => {
  const now = new Date('2026-06-15T03:00:00Z');
  const good = { card_number: '4111111111111111', limit_month: '06', limit_year: '26', cvc: '123', card_name: 'HANAKO YAMADA' };

  it('accepts a card valid this month, with or without a name', () => {
    expect(checkCard(good, now)).toEqual({ number: '4111111111111111' });
    expect(checkCard({ ...good, card_name: '' }, now)).toEqual({ number: '4111111111111111' });
    expect(checkCard({ ...good, limit_year: '2026', cvc: '1234' }, now)).toEqual({ number: '4111111111111111' });
  });

  it('refuses a card that expired last month and a year too far ahead', () => {
    expect(checkCard({ ...good, limit_month: '05' }, now)).toEqual({ code: '1502' });
    expect(checkCard({ ...good, limit_year: '2050' }, now)).toEqual({ code: '1501' });
    expect(checkCard({ ...good, limit_month: '0' }, now)).toEqual({ code: '1401' });
  });
});
