import type { Db } from './client.ts';

/**
 * Builds something once per database handle and keeps it for the handle's life: prepared
 * statements (built and planned once, not per request) and per-process helpers such as the
 * purchase batcher. Tests open several databases in one process, hence the map.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
