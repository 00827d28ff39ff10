import type { WonCard } from '@oripa/contract/gacha';
import type { PackTrust } from '@oripa/contract/trust';

/** Counts a demo draw offers (issue 28, point 7): one pack or ten, as the purchase panel does most. */
export const DEMO_COUNTS = [1, 10] as const;
export type DemoCount = (typeof DEMO_COUNTS)[number];

/** A uniform integer in [0, below), from the browser's CSPRNG; tests pass their own. */
export type RandomBelow = (below: number) => number;

export const cryptoRandomBelow: RandomBelow = (below) => {
  // Rejection sampling: a plain modulo would favour the low values.
  const limit = Math.floor(0x1_0000_0000 / below) * below;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if ((word[0] as number) < limit) return (word[0] as number) % below;
  }
};

/**
 * Draws `count` cards the way the lot would give them now: each pack is one of the cards still
 * in the lot, every remaining card equally likely, and a card drawn is not drawn again (the
 * live odds, as the trust panel shows them). Nothing is sent or written: the lot itself is not
 * touched, so the demo can never say what the next real pack holds (the real draw follows the
 * lot's committed seed, not this). Last-one and milestone prizes are not drawn. Fewer cards than
 * asked when fewer remain; none for a sold-out lot.
 */
export function demoDraw(trust: PackTrust, count: number, randomBelow: RandomBelow = cryptoRandomBelow): WonCard[] {
  const remaining = new Map(trust.odds.prizes.map((p) => [p.prize_id, p.remaining]));
  const pool = trust.commitment.lineup
    .map((prize) => ({ prize, left: Math.max(0, remaining.get(prize.prize_id) ?? 0) }))
    .filter((p) => p.left > 0);
  let total = pool.reduce((sum, p) => sum + p.left, 0);
  const cards: WonCard[] = [];
  while (cards.length < count && total > 0) {
    let slot = randomBelow(total);
    const hit = pool.find((p) => (slot -= p.left) < 0);
    if (!hit) break;
    hit.left -= 1;
    total -= 1;
    cards.push({
      // Negative: no card of the shop has it, and nothing the demo shows links to a holding.
      history_id: -(cards.length + 1),
      name: hit.prize.name,
      image: hit.prize.image_url,
      rarity: hit.prize.rarity,
      rarity_label: hit.prize.rarity_label,
      model_number: hit.prize.model_number,
      num: 1,
      buy_point: hit.prize.buy_point,
      action_type: '0',
      status: '0',
      kind: 'lot',
    });
  }
  return cards;
}
