import type { WonCard } from '@oripa/contract/gacha';
import { describe, expect, it } from 'vitest';
import {
  decisionPayload,
  encodeIds,
  isLocked,
  isShipped,
  keepChoosable,
  parseIds,
  selectAll,
  shippedIds,
  summarize,
  toggleCard,
} from './selection.ts';

function card(history_id: number, overrides: Partial<WonCard> = {}): WonCard {
  return {
    history_id,
    name: `card ${history_id}`,
    image: '/media/card.svg',
    rarity: 1,
    rarity_label: 'C',
    model_number: 'X-1',
    num: 1,
    buy_point: 100,
    action_type: '0',
    status: '0',
    ...overrides,
  };
}

const cards = [card(11), card(12, { action_type: '2', buy_point: 900 }), card(13, { buy_point: 250 }), card(14)];

describe('card choice', () => {
  it('starts with nothing shipped but the ship-only cards', () => {
    const none = new Set<number>();
    expect(cards.map((c) => isShipped(c, none))).toEqual([false, true, false, false]);
    expect(summarize(cards, none)).toEqual({ ship: 1, convert: 3, convertPoints: 450 });
  });

  it('toggles free cards and never a ship-only or decided one', () => {
    let selected = toggleCard(new Set(), cards[0] as WonCard);
    expect([...selected]).toEqual([11]);
    selected = toggleCard(selected, cards[1] as WonCard);
    expect([...selected]).toEqual([11]);
    selected = toggleCard(selected, cards[0] as WonCard);
    expect([...selected]).toEqual([]);
    expect(isLocked(card(1, { status: '1' }))).toBe(true);
    expect(toggleCard(new Set(), card(1, { status: '1' })).size).toBe(0);
  });

  it('selects all free cards and drops stale ids', () => {
    expect([...selectAll(cards)]).toEqual([11, 13, 14]);
    expect([...keepChoosable(cards, new Set([12, 13, 99]))]).toEqual([13]);
  });

  it('builds the decision from exactly the undecided cards, ship-only ones always shipped', () => {
    expect(decisionPayload(cards, new Set([13]))).toEqual({ send_card: [12, 13], reduction_card: [11, 14] });
    expect(decisionPayload(cards, new Set())).toEqual({ send_card: [12], reduction_card: [11, 13, 14] });
    expect(decisionPayload([card(1, { status: '1' }), card(2)], new Set())).toEqual({ send_card: [], reduction_card: [2] });
    expect(shippedIds(cards, new Set([14]))).toEqual([12, 14]);
  });

  it('writes the chosen ids as a comma list with runs folded, and reads both forms', () => {
    expect(encodeIds([5, 3, 4, 9, 10, 20, 21, 22, 23])).toBe('3-5,9,10,20-23');
    expect(encodeIds([])).toBe('');
    expect([...parseIds('3-5,9,10,20-23')]).toEqual([3, 4, 5, 9, 10, 20, 21, 22, 23]);
    expect([...parseIds('12,13')]).toEqual([12, 13]);
    expect([...parseIds('x,0,-3,7-2,1-999999,8')]).toEqual([8]);
    expect(parseIds(null).size).toBe(0);
    const many = Array.from({ length: 3000 }, (_, index) => 1000 + index);
    expect(encodeIds(many)).toBe('1000-3999');
    expect(parseIds(encodeIds(many)).size).toBe(3000);
  });
});
