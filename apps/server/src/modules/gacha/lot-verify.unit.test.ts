import { createHash } from 'node:crypto';
import { lotPermutation, lotSequence, sha256Hex, verifyLot } from '@oripa/contract/lot-verify';
import { DRAW_ALGORITHM, type Commitment, type DrawLogEntry } from '@oripa/contract/trust';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPrizes } from './draw-engine.ts';

const seedOf = (i: number) => createHash('sha256').update(`lot-${i}`).digest('hex');

function commitmentOf(seed: string, counts: number[], drawn = counts.reduce((a, b) => a + b, 0)): Commitment {
  return {
    pack_id: 1,
    pack_name: 'p',
    algorithm: DRAW_ALGORITHM,
    seed_hash: createHash('sha256').update(seed).digest('hex'),
    committed_at: new Date(0).toISOString(),
    total_pack_count: counts.reduce((a, b) => a + b, 0),
    drawn_count: drawn,
    lineup: counts.map((count, i) => ({
      prize_id: 100 + i,
      name: `c${i}`,
      image_url: '',
      model_number: '',
      rarity: 1,
      rarity_label: 'C',
      count,
      buy_point: 1,
    })),
    extras: [],
    seed,
    reveal_reason: 'sold_out',
  };
}

const logOf = (prizeIds: number[]): DrawLogEntry[] =>
  prizeIds.map((prize_id, i) => ({
    draw_number: i + 1,
    created: '',
    kind: 'lot',
    prize_id,
    name: '',
    image_url: '',
    rarity: 1,
    rarity_label: '',
    member: '',
  }));

describe('the public recomputation (Web Crypto) and the server engine (node:crypto)', () => {
  it('give the same sequence for lots of every size class', async () => {
    for (const [i, counts] of [[1], [1, 1], [2, 1], [1, 9, 90], [3, 500, 497], [7, 4093]].entries()) {
      const seed = seedOf(i);
      const lineup = counts.map((count, j) => ({ id: 100 + j, count }));
      const server = drawPrizes(
        seed,
        lineup,
        0,
        lineup.reduce((a, p) => a + p.count, 0),
      );
      const client = await lotSequence(
        seed,
        lineup.map((p) => ({ prize_id: p.id, count: p.count })),
      );
      expect(client).toEqual(server);
    }
  });

  it('hash a seed as the commitment does', async () => {
    expect(await sha256Hex('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('the committed sequence', () => {
  it('is a permutation of the lot, whatever the seed and lineup (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        async (seed, counts) => {
          const size = counts.reduce((a, b) => a + b, 0);
          const slotOf = await lotPermutation(seed, size);
          const slots = Array.from({ length: size }, (_, k) => slotOf(k));
          expect(new Set(slots).size).toBe(size);
          expect(Math.min(...slots)).toBe(0);
          expect(Math.max(...slots)).toBe(size - 1);
          const sequence = drawPrizes(
            seed,
            counts.map((count, j) => ({ id: j, count })),
            0,
            size,
          );
          counts.forEach((count, j) => expect(sequence.filter((id) => id === j)).toHaveLength(count));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows the lineup: over 3,000 lots every position holds each prize in proportion to its count (chi-square)', () => {
    // Lineup 1 / 3 / 6 of 10 packs. For each position, a 3-cell chi-square of the prize seen there
    // across lots; 2 degrees of freedom, p = 0.001 → 13.82, Bonferroni over 10 positions → 18.42.
    const counts = [1, 3, 6];
    const lots = 3000;
    const tally = Array.from({ length: 10 }, () => [0, 0, 0]);
    for (let lot = 0; lot < lots; lot += 1) {
      const sequence = drawPrizes(
        seedOf(10_000 + lot),
        counts.map((count, id) => ({ id, count })),
        0,
        10,
      );
      sequence.forEach((id, position) => {
        (tally[position] as number[])[id] = ((tally[position] as number[])[id] as number) + 1;
      });
    }
    for (const observed of tally) {
      const chi = observed.reduce((sum, o, id) => {
        const expected = (lots * (counts[id] as number)) / 10;
        return sum + (o - expected) ** 2 / expected;
      }, 0);
      expect(chi).toBeLessThan(18.42);
    }
  });
});

describe('verifyLot', () => {
  const seed = seedOf(1);
  const counts = [1, 9, 90];
  const truth = drawPrizes(
    seed,
    counts.map((count, i) => ({ id: 100 + i, count })),
    0,
    100,
  );

  it('says consistent for the true draws, also of a lot whose sale ended part-way', async () => {
    expect(await verifyLot(commitmentOf(seed, counts), logOf(truth))).toEqual({
      consistent: true,
      draws: 100,
    });
    expect(await verifyLot(commitmentOf(seed, counts, 40), logOf(truth.slice(0, 40)))).toEqual({
      consistent: true,
      draws: 40,
    });
  });

  it('names the first draw that does not match, a missing or an unexpected one', async () => {
    const altered = [...truth];
    const at = altered.findIndex((id, i) => i > 30 && id === 102);
    altered[at] = 101;
    altered[at + 5] = altered[at + 5] === 100 ? 101 : 100;
    expect(await verifyLot(commitmentOf(seed, counts), logOf(altered))).toMatchObject({
      consistent: false,
      problem: 'draw_mismatch',
      draw_number: at + 1,
    });
    expect(await verifyLot(commitmentOf(seed, counts), logOf(truth).slice(0, 99))).toMatchObject({
      problem: 'draw_missing',
      draw_number: 100,
    });
    expect(await verifyLot(commitmentOf(seed, counts, 40), logOf(truth.slice(0, 41)))).toMatchObject({
      problem: 'draw_unexpected',
      draw_number: 41,
    });
  });

  it('refuses a seed that does not match the commitment, and a lot not revealed yet', async () => {
    const other = { ...commitmentOf(seed, counts), seed: seedOf(2) };
    expect(await verifyLot(other, logOf(truth))).toMatchObject({
      consistent: false,
      problem: 'seed_hash',
      draw_number: null,
    });
    expect(await verifyLot({ ...commitmentOf(seed, counts), seed: '' }, logOf(truth))).toMatchObject({
      problem: 'not_revealed',
    });
  });
});

describe('verifyLot with last-one and milestone prizes', () => {
  const seed = seedOf(3);
  const counts = [2, 8];
  const truth = drawPrizes(
    seed,
    counts.map((count, i) => ({ id: 100 + i, count })),
    0,
    10,
  );
  const extra = (kind: 'last_one' | 'milestone', prize_id: number, at: number, every: number) => ({
    prize_id,
    kind,
    name: '',
    image_url: '',
    model_number: '',
    rarity: 7,
    rarity_label: '',
    buy_point: 1,
    milestone_at: at,
    milestone_every: every,
    count: 1,
    remaining: 0,
  });
  const commitment = {
    ...commitmentOf(seed, counts),
    extras: [extra('last_one', 900, 0, 0), extra('milestone', 901, 4, 4)],
  };
  const withExtras = [
    ...logOf(truth),
    ...[4, 8].map((n) => ({ ...logOf([901])[0]!, draw_number: n, kind: 'milestone' as const })),
    { ...logOf([900])[0]!, draw_number: 10, kind: 'last_one' as const },
  ];

  it('expects each at its pack number', async () => {
    expect(await verifyLot(commitment, withExtras)).toEqual({ consistent: true, draws: 10 });
  });

  it('names the first pack number whose extra prize is missing or misplaced', async () => {
    expect(
      await verifyLot(
        commitment,
        withExtras.filter((d) => !(d.kind === 'milestone' && d.draw_number === 8)),
      ),
    ).toMatchObject({
      problem: 'draw_mismatch',
      draw_number: 8,
    });
    const moved = withExtras.map((d) => (d.kind === 'last_one' ? { ...d, draw_number: 9 } : d));
    expect(await verifyLot(commitment, moved)).toMatchObject({ problem: 'draw_mismatch', draw_number: 9 });
  });
});
