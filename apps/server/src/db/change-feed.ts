import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client.ts';

/**
 * Changes every instance must learn of at once, told through PostgreSQL's NOTIFY: the writer
 * publishes in its own transaction (delivered at commit, never for a rollback), every instance
 * listens. On PGlite (one process) the same calls work in-process. Topics name what changed; a
 * listener re-reads it from the database, so a message carries no data and cannot be stale.
 */
export const CHANGES_CHANNEL = 'oripa_changes';

/** maintenance: the switch; packs: a pack's terms or stock (catalog/pack-snapshots.ts). */
export type ChangeTopic = 'maintenance' | 'packs';

/** Tells every instance that `topic` changed, when the caller's transaction commits. */
export async function publishChange(db: DbOrTx, topic: ChangeTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`);
}

/** One instance's subscription to the changes of every instance (this one included). */
export class ChangeFeed {
  private readonly handlers = new Map<ChangeTopic, Set<() => void>>();
  private stop: (() => Promise<void>) | undefined;
  /** Whether notifications arrive; while not, readers fall back to short cache lifetimes. */
  live = false;

  /** Starts listening; on failure the feed stays not live and readers poll. */
  async start(database: Database): Promise<this> {
    try {
      this.stop = await database.listen(CHANGES_CHANNEL, (payload) => this.emit(payload as ChangeTopic), {
        onLost: () => {
          this.live = false;
        },
        onRestored: () => {
          this.live = true;
          // Anything may have changed while the connection was down.
          for (const topic of this.handlers.keys()) this.emit(topic);
        },
      });
      this.live = true;
    } catch {
      this.live = false;
    }
    return this;
  }

  on(topic: ChangeTopic, handler: () => void): void {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
  }

  private emit(topic: ChangeTopic): void {
    for (const handler of this.handlers.get(topic) ?? []) handler();
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stop?.();
  }
}
