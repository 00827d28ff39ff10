import type { PackTrust } from '@oripa/contract/trust';
import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow, demoDraw } from './demo-draw.ts';

const prize = (prize_id: number, rarity: number, count: number) => ({
  prize_id,
  name: `card ${prize_id}`,
  image_url: `/media/${prize_id}.svg`,
  model_number: `M-${prize_id}`,
  rarity,
  rarity_label: rarity >= 7 ? 'UR' : 'C',
  count,
  buy_point: rarity * 10,
});

/** A lot of 1 UR, 9 C and 5 rarity-3 cards with `remaining` of each left, by prize id. */
function lot(remaining: Record<number, number>): PackTrust {
  const lineup = [prize(1, 7, 1), prize(2, 1, 9), prize(3, 3, 5)];
  const prizes = lineup.map((p) => ({ prize_id: p.prize_id, initial: p.count, remaining: remaining[p.prize_id] ?? 0, chance: 0 }));
  return {
    commitment: {
      pack_id: 7,
      pack_name: 'p',
      algorithm: 'oripa-draw-v2',
      seed_hash: 'ab'.repeat(32),
      committed_at: '2026-11-01T00:00:00.000Z',
      total_pack_count: 15,
      drawn_count: 15 - prizes.reduce((s, p) => s + p.remaining, 0),
      lineup,
      extras: [{ ...prize(9, 7, 1), kind: 'last_one', milestone_at: 0, milestone_every: 0, remaining: 1 }],
      seed: '',
      reveal_reason: '',
    },
    odds: { remaining_total: prizes.reduce((s, p) => s + p.remaining, 0), tiers: [], prizes, expected_point: 0 },
  };
}

/** Takes the slots in turn: 0, 1, 2, … (each below the pool's size then). */
const inOrder = () => {
  let next = 0;
  return (below: number) => next++ % below;
};

describe('the demo draw', () => {
  it('draws each remaining card once at most, only cards still in the lot, never the last-one prize', () => {
    const trust = lot({ 1: 1, 2: 2, 3: 0 });
    const cards = demoDraw(trust, 10, () => 0);
    // Three cards remain: ten asked, three given, and no card more often than it remains.
    expect(cards.map((c) => c.name).sort()).toEqual(['card 1', 'card 2', 'card 2']);
    expect(cards.map((c) => c.history_id)).toEqual([-1, -2, -3]);
    expect(cards.every((c) => c.kind === 'lot')).toBe(true);
  });

  it('gives each remaining card the same chance', () => {
    // Slots in lineup order: 0 is the UR (1 left), 1–4 the C (4 left), 5–6 the rarity-3 card.
    const trust = lot({ 1: 1, 2: 4, 3: 2 });
    const names = Array.from({ length: 7 }, (_, slot) => demoDraw(trust, 1, () => slot)[0]?.name);
    expect(names).toEqual(['card 1', 'card 2', 'card 2', 'card 2', 'card 2', 'card 3', 'card 3']);
  });

  it('shows the card as the lineup does: name, image, rarity, conversion points', () => {
    const [card] = demoDraw(lot({ 1: 1 }), 1, inOrder());
    expect(card).toMatchObject({ name: 'card 1', image: '/media/1.svg', rarity: 7, rarity_label: 'UR', model_number: 'M-1', buy_point: 70 });
  });

  it('draws nothing from a sold-out lot', () => {
    expect(demoDraw(lot({}), 10)).toEqual([]);
  });

  it('picks uniformly with the browser CSPRNG (within 5% of the expected share over 20,000 picks)', () => {
    const tally = [0, 0, 0];
    for (let i = 0; i < 20_000; i += 1) tally[cryptoRandomBelow(3)]! += 1;
    for (const n of tally) expect(Math.abs(n / 20_000 - 1 / 3)).toBeLessThan(0.05 / 3);
  });
});
