import { describe, expect, it } from 'vitest';
import type { PackRow } from './catalog.repo.ts';
import { PackSnapshots } from './pack-snapshots.ts';

const NOW = new Date();

function row(drawnCount: number, over: Partial<PackRow> = {}): PackRow {
  return { id: 1, published: true, endAt: null, totalPackCount: 100, drawnCount, ...over } as PackRow;
}

/** A loader whose reads the test answers by hand, one at a time, in order. */
function manualLoader() {
  const pending: ((r: PackRow | undefined) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<PackRow | undefined>((resolve) => pending.push(resolve));
    },
    answer(r: PackRow | undefined) {
      const next = pending.shift();
      if (!next) throw new Error('no read in flight');
      next(r);
    },
    get calls() {
      return calls;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('pack snapshots', () => {
  it('answers later requests from memory until the pack changes', async () => {
    const snapshots = new PackSnapshots();
    let drawn = 5;
    const load = async () => row(drawn);
    expect((await snapshots.read(1, NOW, load))?.drawnCount).toBe(5);
    drawn = 7;
    expect((await snapshots.read(1, NOW, load))?.drawnCount).toBe(5);
    expect(snapshots.counts).toEqual({ hits: 1, reads: 1 });
    snapshots.changed(1);
    expect((await snapshots.read(1, NOW, load))?.drawnCount).toBe(7);
  });

  it('neither keeps nor shares a read sent before a change (it may predate the purchase)', async () => {
    const snapshots = new PackSnapshots();
    const loader = manualLoader();
    const early = snapshots.read(1, NOW, loader.load);
    // The purchase commits and announces itself while the early read is in flight.
    snapshots.changed(1);
    const late = snapshots.read(1, NOW, loader.load);
    expect(loader.calls).toBe(2);
    loader.answer(row(5)); // the early read saw the stock before the purchase
    expect((await early)?.drawnCount).toBe(5);
    loader.answer(row(6));
    expect((await late)?.drawnCount).toBe(6);
    // Memory holds the late read, not the early one.
    expect((await snapshots.read(1, NOW, loader.load))?.drawnCount).toBe(6);
    expect(loader.calls).toBe(2);
  });

  it('does not keep a read answered after a change it did not see', async () => {
    const snapshots = new PackSnapshots();
    const loader = manualLoader();
    const early = snapshots.read(1, NOW, loader.load);
    await tick();
    snapshots.changed(1);
    loader.answer(row(5));
    await early;
    const next = snapshots.read(1, NOW, loader.load);
    expect(loader.calls).toBe(2);
    loader.answer(row(6));
    expect((await next)?.drawnCount).toBe(6);
  });

  it('shares one read among the requests arriving while it runs', async () => {
    const snapshots = new PackSnapshots();
    const loader = manualLoader();
    const reads = [snapshots.read(1, NOW, loader.load), snapshots.read(1, NOW, loader.load), snapshots.read(1, NOW, loader.load)];
    expect(loader.calls).toBe(1);
    loader.answer(row(3));
    expect((await Promise.all(reads)).map((r) => r?.drawnCount)).toEqual([3, 3, 3]);
  });

  it('changes of one pack leave another pack in memory; changedAll drops every pack', async () => {
    const snapshots = new PackSnapshots();
    let reads = 0;
    const load = (id: number) => async () => {
      reads += 1;
      return row(0, { id });
    };
    await snapshots.read(1, NOW, load(1));
    await snapshots.read(2, NOW, load(2));
    snapshots.changed(1);
    await snapshots.read(2, NOW, load(2));
    expect(reads).toBe(2);
    snapshots.changedAll();
    await snapshots.read(2, NOW, load(2));
    expect(reads).toBe(3);
  });

  it('reads again after its lifetime (purchases on other instances do not announce themselves here)', async () => {
    const snapshots = new PackSnapshots(20);
    let drawn = 1;
    const load = async () => row(drawn);
    await snapshots.read(1, NOW, load);
    drawn = 2;
    await new Promise((r) => setTimeout(r, 30));
    expect((await snapshots.read(1, new Date(), load))?.drawnCount).toBe(2);
  });

  it('never serves a pack whose sale has ended, nor remembers a pack not found', async () => {
    const snapshots = new PackSnapshots();
    const endAt = new Date(Date.now() + 60_000);
    await snapshots.read(1, NOW, async () => row(0, { endAt }));
    expect(await snapshots.read(1, new Date(endAt.getTime() + 1), async () => undefined)).toBeUndefined();
    let reads = 0;
    const missing = async () => {
      reads += 1;
      return undefined;
    };
    await snapshots.read(9, NOW, missing);
    await snapshots.read(9, NOW, missing);
    expect(reads).toBe(2);
  });

  it('never serves an unpublished row, even one a loader returned', async () => {
    const snapshots = new PackSnapshots();
    expect(await snapshots.read(1, NOW, async () => row(0, { published: false }))).toBeUndefined();
  });
});
