import { describe, expect, it } from 'vitest';
import { TickBatcher } from './tick-batcher.ts';

/** A batcher whose statement doubles numbers and remembers each batch it ran. */
function doubling(maxBatch?: number) {
  const batches: string[][] = [];
  const batcher = new TickBatcher<{ key: string; n: number }, number>(
    async (inputs) => {
      batches.push(inputs.map((i) => i.key));
      return inputs.map((i) => i.n * 2);
    },
    (input) => input.key,
    maxBatch,
  );
  return { batches, batcher };
}

describe('TickBatcher', () => {
  it('runs the calls of one turn in one batch, each answered with its own output', async () => {
    const { batches, batcher } = doubling();
    const outs = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit({ key: `k${n}`, n })));
    expect(outs).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([['k1', 'k2', 'k3', 'k4']]);
  });

  it('puts a second call of the same key in a later batch, in arrival order', async () => {
    const { batches, batcher } = doubling();
    const outs = await Promise.all([
      batcher.submit({ key: 'a', n: 1 }),
      batcher.submit({ key: 'b', n: 2 }),
      batcher.submit({ key: 'a', n: 3 }),
    ]);
    expect(outs).toEqual([2, 4, 6]);
    expect(batches).toEqual([['a', 'b'], ['a']]);
  });

  it('caps a batch and runs the rest in the next', async () => {
    const { batches, batcher } = doubling(2);
    await Promise.all([1, 2, 3].map((n) => batcher.submit({ key: `k${n}`, n })));
    expect(batches).toEqual([['k1', 'k2'], ['k3']]);
  });

  it('runs calls of separate turns separately', async () => {
    const { batches, batcher } = doubling();
    await batcher.submit({ key: 'a', n: 1 });
    await batcher.submit({ key: 'b', n: 1 });
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('rejects every call of a failed batch, and the next batch runs', async () => {
    let fail = true;
    const batcher = new TickBatcher<string, string>(
      async (inputs) => {
        if (fail) throw new Error('statement failed');
        return inputs;
      },
      (input) => input,
    );
    const failed = await Promise.allSettled([batcher.submit('a'), batcher.submit('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.submit('a')).toBe('a');
  });
});
