import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { jcs, type Canonical } from '../../kernel/jcs.ts';
import type { LogSigner, SignedHead } from './log-signer.ts';
import * as repo from './log.repo.ts';
import { leafHash, MerkleTree } from './merkle.ts';

export type { NewEntry } from './log.repo.ts';
export { appendEntriesPart } from './log.repo.ts';

/** An entry ready to append: its lookup columns and canonical body. */
export function entryOf(type: string, lotId: number | null, seq: number | null, entry: Canonical): repo.NewEntry {
  return { type, lotId, seq, body: jcs(entry) };
}

/** Appends entries in the caller's transaction; they are sequenced by the next head. */
export function appendEntries(db: DbOrTx, entries: readonly repo.NewEntry[]): Promise<void> {
  return repo.appendEntries(db, entries);
}

/**
 * The leaves of this database's log as this process last read them. Leaves never change once
 * sequenced (triggers of migration 0029), so the tree only grows and its subtrees are kept.
 */
const treeOf = perDatabase(() => ({ tree: new MerkleTree() }));

/**
 * The cached tree grown to at least `size` leaves. Requests of one process run concurrently
 * (several result calls' receipts, the head signer): two may read the same missing leaves, so
 * a leaf is added only when it is the next one — what another reader added meanwhile is skipped.
 */
async function treeUpTo(db: DbOrTx, owner: Db, size: number): Promise<MerkleTree> {
  const { tree } = treeOf(owner);
  if (tree.size < size) {
    const rows = await repo.leafBodies(db, tree.size, size);
    for (const row of rows) {
      if (row.leaf_index < tree.size) continue;
      if (row.leaf_index !== tree.size) throw new Error(`log leaf ${tree.size} is missing`);
      tree.leaves.push(leafHash(Buffer.from(row.body, 'utf8')));
    }
    if (tree.size < size) throw new Error(`log leaf ${tree.size} is missing`);
  }
  return tree;
}

const HEAD_LOCK = 'oripa-log-head';
const SEQUENCE_LIMIT = 20_000;

/**
 * Sequences the entries appended since the last head (leaf indexes in numeric id order) and
 * signs a head over the grown tree; nothing when nothing was appended. One signer at a time
 * across instances (a transaction-scoped advisory lock): the log's leaf order is decided there
 * and nowhere else. Entries sequenced are those committed; an entry that must follow another
 * in the log is appended only after that one committed (a lot's next purchase under the pack
 * row's lock, its next draw under the drawer state's lock once the purchase has a leaf), so it
 * has a higher id and is never sequenced before it. Timestamps strictly increase with size.
 */
export async function signHeadIfGrown(db: Db, signer: LogSigner, now = Date.now()): Promise<SignedHead | undefined> {
  // Most ticks find nothing new: one cheap read, no transaction, no lock.
  if (!(await repo.anyUnsequenced(db))) return undefined;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${HEAD_LOCK}))`);
      const last = await repo.newestHead(tx);
      const size = last?.tree_size ?? 0;
      const fresh = await repo.unsequenced(tx, SEQUENCE_LIMIT);
      if (fresh.length === 0) return undefined;
      const tree = await treeUpTo(tx, db, size);
      if (tree.size !== size) throw new Error(`log cache holds ${tree.size} leaves, the newest head ${size}`);
      await repo.assignLeafIndexes(tx, fresh.map((e) => e.id), size);
      for (const e of fresh) tree.leaves.push(leafHash(Buffer.from(e.body, 'utf8')));
      const head = signer.sign({
        tree_size: tree.size,
        timestamp: Math.max(now, (last?.timestamp ?? 0) + 1),
        root_hash: tree.root().toString('hex'),
      });
      await repo.insertHead(tx, head);
      return head;
    });
  } catch (error) {
    // The leaves pushed for a head that did not commit are not the log's: read them again.
    treeOf(db).tree = new MerkleTree();
    throw error;
  }
}

/** The newest signed head, with the log's id. */
export async function newestHead(db: DbOrTx, signer: LogSigner): Promise<SignedHead | undefined> {
  const head = await repo.newestHead(db);
  return head && { ...head, log_id: signer.logId };
}

export { firstHeadCovering, leafIndexOf, lotEntries, headsBetween, purchaseHeadTimes } from './log.repo.ts';

/** RFC 9162 inclusion proof of leaf `index` in the tree of `treeSize` (≤ the newest head's). */
export async function inclusionProof(db: Db, index: number, treeSize: number): Promise<string[] | undefined> {
  const newest = await repo.newestHead(db);
  if (!newest || treeSize > newest.tree_size || index >= treeSize || index < 0) return undefined;
  const tree = await treeUpTo(db, db, treeSize);
  return tree.inclusionProof(index, treeSize).map((h) => h.toString('hex'));
}

/** RFC 9162 consistency proof between two tree sizes (≤ the newest head's). */
export async function consistencyProof(db: Db, first: number, second: number): Promise<string[] | undefined> {
  const newest = await repo.newestHead(db);
  if (!newest || second > newest.tree_size || first < 1 || first > second) return undefined;
  const tree = await treeUpTo(db, db, second);
  return tree.consistencyProof(first, second).map((h) => h.toString('hex'));
}

/** Entries [start, end) as the mirror and the entries endpoint publish them. */
export async function entriesBetween(db: DbOrTx, start: number, end: number): Promise<{ index: number; entry: unknown }[]> {
  const rows = await repo.leafBodies(db, start, end);
  return rows.map((r) => ({ index: r.leaf_index, entry: JSON.parse(r.body) as unknown }));
}
