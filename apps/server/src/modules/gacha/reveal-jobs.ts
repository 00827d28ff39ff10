import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { openSeed } from '../catalog/seed-seal.ts';
import { revealEntry, type RevealReason } from '../transparency/entries.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { appendEntries, entryOf } from '../transparency/log.service.ts';
import { hasUndrawnPurchases, markRevealed } from './drawer.repo.ts';

/**
 * Reveals the seeds that are due (docs/fairness/draw-v2.md §4): a lot withdrawn, whose sale
 * ended, or at its reveal deadline whatever else happens, once none of its purchases waits for
 * its cards (a sold-out lot is revealed by its last draw). Each lot in its own transaction; a
 * lot revealed by another instance meanwhile is skipped (`revealed_at` is set once), and so is a
 * lot that took a purchase after the list was read (checked again under the pack's lock).
 */
export async function revealDueLots(db: Db, fairness: Pick<Fairness, 'seedKey'>, now: Date): Promise<number> {
  const due = await queryRows<{ id: number; seed_sealed: string; withdrawn: boolean; ended: boolean }>(
    db,
    sql`select id, seed_sealed, withdrawn_at is not null as withdrawn, coalesce(end_at <= ${now}, false) as ended from packs
        where draw_algorithm = 'oripa-draw-v2' and revealed_at is null and seed_sealed is not null
          and (withdrawn_at is not null or end_at <= ${now} or reveal_deadline <= ${now})
          and not exists (select 1 from purchases q where q.pack_id = packs.id and q.drawn_at is null)
        order by id limit 100`,
  );
  let revealed = 0;
  for (const lot of due) {
    const reason: RevealReason = lot.withdrawn ? 'withdrawn' : lot.ended ? 'ended' : 'deadline';
    const seed = openSeed(fairness.seedKey, lot.id, lot.seed_sealed).toString('hex');
    const done = await db
      .transaction(async (tx) => {
        // Marking takes the pack row's lock, which a purchase batch holds until it commits: a
        // purchase recorded after the due-list was read is visible from here on. Its cards are
        // not drawn yet, so the seed must wait (the next round reveals it).
        if (!(await markRevealed(tx, lot.id, now))) return false;
        if (await hasUndrawnPurchases(tx, lot.id)) tx.rollback();
        await appendEntries(tx, [entryOf('reveal', lot.id, null, revealEntry(lot.id, seed, reason))]);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    if (done) revealed += 1;
  }
  return revealed;
}
