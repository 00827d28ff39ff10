import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** An entry to append: its type, lot and seq (for lookups) and its RFC 8785 body. */
export interface NewEntry {
  type: string;
  lotId: number | null;
  seq: number | null;
  body: string;
}

export interface HeadRow {
  tree_size: number;
  timestamp: number;
  root_hash: string;
  signature: string;
}

const entriesJson = (entries: readonly NewEntry[]) =>
  JSON.stringify(entries.map((e) => ({ t: e.type, l: e.lotId, s: e.seq, b: e.body })));

/**
 * A CTE appending entries inside another module's statement (the purchase batch records its
 * purchases' entries in its one statement, decision 005). Entries of one statement get ids in
 * the order given, and the head signer sequences them in id order.
 */
export function appendEntriesPart(entries: readonly NewEntry[]): SQL {
  return sql`log_entries as (
    insert into transparency_entries (type, lot_id, seq, body)
    select e->>'t', (e->>'l')::int, (e->>'s')::int, e->>'b'
    from jsonb_array_elements(${entriesJson(entries)}::jsonb) with ordinality as x(e, ord)
    order by ord
    returning 1)`;
}

export async function appendEntries(db: DbOrTx, entries: readonly NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(sql`with ${appendEntriesPart(entries)} select count(*) from log_entries`);
}

/** The newest signed head, if any. */
export async function newestHead(db: DbOrTx): Promise<HeadRow | undefined> {
  const [row] = await queryRows<HeadRow>(
    db,
    sql`select tree_size::int, timestamp::float8 as timestamp, root_hash, signature from transparency_heads order by tree_size desc limit 1`,
  );
  return row && { ...row, timestamp: Number(row.timestamp) };
}

/** Signed heads with tree sizes in [from, to], oldest first, at most `limit`. */
export async function headsBetween(db: DbOrTx, from: number, to: number, limit: number): Promise<HeadRow[]> {
  const rows = await queryRows<HeadRow>(
    db,
    sql`select tree_size::int, timestamp::float8 as timestamp, root_hash, signature from transparency_heads
        where tree_size between ${from} and ${to} order by tree_size limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, timestamp: Number(r.timestamp) }));
}

/** The first signed head covering leaf `index` (its tree_size > index). */
export async function firstHeadCovering(db: DbOrTx, index: number): Promise<HeadRow | undefined> {
  const [row] = await queryRows<HeadRow>(
    db,
    sql`select tree_size::int, timestamp::float8 as timestamp, root_hash, signature from transparency_heads
        where tree_size > ${index} order by tree_size limit 1`,
  );
  return row && { ...row, timestamp: Number(row.timestamp) };
}

export async function insertHead(db: DbOrTx, head: HeadRow): Promise<void> {
  await db.execute(
    sql`insert into transparency_heads (tree_size, timestamp, root_hash, signature)
        values (${head.tree_size}, ${head.timestamp}, ${head.root_hash}, ${head.signature})`,
  );
}

/**
 * Entries not yet given a leaf index, in id order (the order they were appended), locked. The
 * order is of the bigint column `e.id`: the id is returned as text (a bigint past 2^53 stays
 * exact), and `order by id` would sort that text output column ('10' before '9').
 */
export async function unsequenced(db: DbOrTx, limit: number): Promise<{ id: string; body: string }[]> {
  return queryRows(
    db,
    sql`select e.id::text as id, e.body from transparency_entries e where e.leaf_index is null order by e.id limit ${limit} for update`,
  );
}

export async function assignLeafIndexes(db: DbOrTx, ids: readonly string[], first: number): Promise<void> {
  await db.execute(
    sql`update transparency_entries e set leaf_index = ${first} + x.ord - 1
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as x(id, ord)
        where e.id = x.id::bigint`,
  );
}

/** Bodies of the leaves with index in [from, to), in order. */
export async function leafBodies(db: DbOrTx, from: number, to: number): Promise<{ leaf_index: number; body: string }[]> {
  return queryRows(
    db,
    sql`select leaf_index::int, body from transparency_entries where leaf_index >= ${from} and leaf_index < ${to} order by leaf_index`,
  );
}

/** The leaf index of a lot's entry of this type (and seq), once sequenced. */
export async function leafIndexOf(db: DbOrTx, type: string, lotId: number, seq: number | null): Promise<number | null | undefined> {
  const [row] = await queryRows<{ leaf_index: number | null }>(
    db,
    sql`select leaf_index::int from transparency_entries
        where type = ${type} and lot_id = ${lotId} and seq is not distinct from ${seq} order by id limit 1`,
  );
  return row?.leaf_index;
}

/** A lot's entries of one type, sequenced or not, in id order. */
export async function lotEntries(db: DbOrTx, lotId: number, type: string): Promise<{ leaf_index: number | null; body: string }[]> {
  return queryRows(db, sql`select leaf_index::int, body from transparency_entries where lot_id = ${lotId} and type = ${type} order by id`);
}

/**
 * For a lot's purchase entries of these seqs: the timestamp of the first signed head covering
 * each (T_head of the spec's draw), when there is one yet.
 */
export async function purchaseHeadTimes(db: DbOrTx, lotId: number, seqs: readonly number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ seq: number; head_time: number | null }>(
    db,
    sql`select e.seq, (select h.timestamp::float8 from transparency_heads h where h.tree_size > e.leaf_index
                       order by h.tree_size limit 1) as head_time
        from transparency_entries e
        where e.type = 'purchase' and e.lot_id = ${lotId} and e.seq = any(${`{${seqs.join(',')}}`}::int[]) and e.leaf_index is not null`,
  );
  return new Map(rows.filter((r) => r.head_time !== null).map((r) => [r.seq, Number(r.head_time)]));
}

/** Whether any entry waits for a leaf index. */
export async function anyUnsequenced(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from transparency_entries where leaf_index is null) as any`);
  return row?.any ?? false;
}
