import type { Db } from '../db/client.ts';

/**
 * What a committed purchase batch reports: how many orders it took, how many it accepted, and
 * the seconds inside its transaction to its commit (the time the pack's next batch waited for it).
 */
export type PurchaseBatchObserver = (orders: number, accepted: number, seconds: number) => void;

// Keyed by database handle: tests run several shops in one process, each with its own metrics.
const observers = new WeakMap<Db, Set<PurchaseBatchObserver>>();

/** The app's metrics listen to the purchase batches of its database; returns the unsubscribe. */
export function observePurchaseBatches(db: Db, observer: PurchaseBatchObserver): () => void {
  const set = observers.get(db) ?? new Set();
  set.add(observer);
  observers.set(db, set);
  return () => set.delete(observer);
}

/** Called by the purchase batcher after each committed batch (costs a map lookup). */
export function purchaseBatchCommitted(db: Db, orders: number, accepted: number, seconds: number): void {
  const set = observers.get(db);
  if (set) for (const observer of set) observer(orders, accepted, seconds);
}
