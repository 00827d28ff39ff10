import { publishChange } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import type { PackRow } from './catalog.repo.ts';

/**
 * How long a pack's row may be served from memory when nothing told this instance it changed:
 * the bound on what another instance's purchases can leave a watcher here behind by while the
 * change feed is down. Purchases of this instance and operator edits anywhere invalidate at
 * once (decision 016, addendum "Pack snapshots").
 */
export const SNAPSHOT_TTL_MS = 500;

/**
 * Purchases are told to the other instances through the change feed at most this often (a
 * NOTIFY per batch would cost a statement per batch on the buyers' pool): the first at once, the
 * batches of the next 100 ms in one more.
 */
export const STOCK_NOTICE_EVERY_MS = 100;

interface Entry {
  row: PackRow;
  /** The change clock when the read was sent: the entry is good while no change came after. */
  tag: number;
  /** Date.now() past which the entry is not served (read time + TTL, or the end of sale). */
  expiresAt: number;
}

interface Flight {
  tag: number;
  promise: Promise<PackRow | undefined>;
}

/**
 * The visible packs' rows as last read, so 500 watchers polling a pack cost one database read
 * per change instead of one each. The rule that makes it safe: a watcher is never shown more
 * packs than remained when it asked. A purchase's batch calls `changed(packId)` after its commit
 * and before any buyer is answered; from then on no row read before that commit is served
 * (entries and reads in flight carry the change clock of when they were sent, and one sent
 * before the latest change of its pack is neither served to a later request nor kept).
 * Rows only: the answer (language, member allowance, before/after start) is made per request.
 */
export class PackSnapshots {
  private clock = 0;
  private allChangedAt = 0;
  private readonly changedAt = new Map<number, number>();
  private readonly entries = new Map<number, Entry>();
  private readonly flights = new Map<number, Flight>();
  /** Reads answered from memory and from the database (tests and the bench look). */
  readonly counts = { hits: 0, reads: 0 };

  constructor(private readonly ttlMs = SNAPSHOT_TTL_MS) {}

  private fresh(packId: number, tag: number): boolean {
    return tag >= this.allChangedAt && tag >= (this.changedAt.get(packId) ?? 0);
  }

  /**
   * The pack's row if it is visible at `now` (published, sale not ended), from memory when no
   * change came since it was read, else through `load` (one read shared by the requests that
   * arrive while it runs). A pack not found is never remembered: a new pack shows at once.
   */
  async read(packId: number, now: Date, load: () => Promise<PackRow | undefined>): Promise<PackRow | undefined> {
    const entry = this.entries.get(packId);
    if (entry && this.fresh(packId, entry.tag) && Date.now() < entry.expiresAt && visibleAt(entry.row, now)) {
      this.counts.hits += 1;
      return entry.row;
    }
    const flight = this.flights.get(packId);
    if (flight && this.fresh(packId, flight.tag)) {
      const row = await flight.promise;
      return row && visibleAt(row, now) ? row : undefined;
    }
    return this.load(packId, now, load);
  }

  private async load(packId: number, now: Date, load: () => Promise<PackRow | undefined>): Promise<PackRow | undefined> {
    const tag = this.clock;
    const sentAt = Date.now();
    const promise = load();
    const flight = { tag, promise };
    this.flights.set(packId, flight);
    this.counts.reads += 1;
    try {
      const row = await promise;
      // A change since the read was sent: the row may predate it; answer this request (it asked
      // before the change was announced) but keep nothing.
      if (row && this.fresh(packId, tag)) {
        const endsAt = row.endAt ? row.endAt.getTime() : Infinity;
        this.entries.set(packId, { row, tag, expiresAt: Math.min(sentAt + this.ttlMs, endsAt) });
      } else if (!row) this.entries.delete(packId);
      return row && visibleAt(row, now) ? row : undefined;
    } finally {
      if (this.flights.get(packId) === flight) this.flights.delete(packId);
    }
  }

  /** The pack's stock or terms changed (a committed purchase batch, an operator's edit). */
  changed(packId: number): void {
    this.clock += 1;
    this.changedAt.set(packId, this.clock);
    this.entries.delete(packId);
  }

  /** Anything may have changed (another instance's edit, the change feed reconnected). */
  changedAll(): void {
    this.clock += 1;
    this.allChangedAt = this.clock;
    this.entries.clear();
  }
}

/** The catalogue's rule of a visible pack (catalog.repo.ts `visible`), for a row held in memory. */
function visibleAt(row: PackRow, now: Date): boolean {
  return row.published && (row.endAt === null || row.endAt.getTime() > now.getTime());
}

/** This process's snapshots of a database's packs (one per handle: tests open several). */
export const packSnapshots = perDatabase(() => new PackSnapshots());

/** Tells the other instances that stock changed: at once, then at most once per period. */
class StockNotices {
  private timer: NodeJS.Timeout | undefined;
  private again = false;

  constructor(private readonly db: Db) {}

  announce(): void {
    if (this.timer) {
      this.again = true;
      return;
    }
    // A lost notice costs only freshness: the snapshots' lifetime still bounds it.
    publishChange(this.db, 'packs').catch(() => {});
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.again) {
        this.again = false;
        this.announce();
      }
    }, STOCK_NOTICE_EVERY_MS);
    this.timer.unref();
  }
}

const stockNotices = perDatabase((db) => new StockNotices(db));

/**
 * Called by the purchase batcher after a batch of `packId` committed, before its buyers are
 * answered: later requests here read the pack again, and other instances soon after.
 */
export function packStockChanged(db: Db, packId: number): void {
  packSnapshots(db).changed(packId);
  stockNotices(db).announce();
}
