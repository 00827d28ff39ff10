import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ExtraRule } from '../catalog/extra-prizes.ts';

/**
 * One stored card of a purchase of packs draw_from + 1 … draw_from + count: a lot card is the
 * purchase's `ord`-th pack (from 0); a last-one or milestone card (kind) its `ord`-th extra.
 */
export interface StoredDraw {
  draw_from: number;
  count: number;
  kind: 'lot' | 'last_one' | 'milestone';
  ord: number;
  created_at: Date | string;
  prize_id: number;
  name: string;
  /** The prize's English name as it is now ('' when none); name is the one it was won under. */
  name_en: string;
  image_url: string;
  rarity: number;
  user_id: number;
  buyer_tag: string | null;
}

/**
 * The stored cards of pack numbers [from, to) (0-based) of a lot, in draw order, from the won
 * cards themselves (holdings keep each purchase's cards in draw order, its extra prizes after
 * them: the batch inserts them so), not recomputed: a verifier compares exactly what was
 * recorded. Extra prizes of every purchase touching the range come too (the caller numbers them).
 */
export function drawsInRange(db: DbOrTx, packId: number, from: number, to: number): Promise<StoredDraw[]> {
  return queryRows<StoredDraw>(
    db,
    sql`select p.draw_from, p.count, h.kind, h.ord::int as ord, date_trunc('minute', p.created_at) as created_at, h.prize_id, h.name,
               h.name_en, h.image_url, h.rarity, p.user_id, p.buyer_tag
        from purchases p
        cross join lateral (
          select h.prize_id, h.name, z.name_en, h.image_url, h.rarity, z.kind,
                 row_number() over (partition by z.kind = 'lot' order by h.id) - 1 as ord
          from holdings h join pack_prizes z on z.id = h.prize_id
          where h.purchase_id = p.id) h
        where p.pack_id = ${packId} and p.draw_from < ${to} and p.draw_from + p.count > ${from}
          and (h.kind <> 'lot' or (p.draw_from + h.ord >= ${from} and p.draw_from + h.ord < ${to}))
        order by p.draw_from, h.kind <> 'lot', h.ord`,
  );
}

export interface StoredWin {
  id: number;
  kind: 'lot' | 'last_one' | 'milestone';
  pack_id: number;
  pack_name: string;
  /** The pack's and prize's English names as they are now ('' when none). */
  pack_name_en: string;
  name: string;
  name_en: string;
  image_url: string;
  rarity: number;
  /** The buyer, for their per-lot tag (v2 purchases store it; v1 ones get it computed). */
  user_id: number;
  buyer_tag: string | null;
  created_at: Date | string;
}

/** The latest won cards at or above `minRarity`, of one lot or (packId null) of every lot. */
export function latestWins(
  db: DbOrTx,
  minRarity: number,
  packId: number | null,
  limit: number,
): Promise<StoredWin[]> {
  return queryRows<StoredWin>(
    db,
    sql`select h.id::int as id, z.kind, p.pack_id, p.pack_name, k.name_en as pack_name_en, h.name, z.name_en, h.image_url, h.rarity,
               p.user_id, p.buyer_tag, date_trunc('minute', p.created_at) as created_at
        from holdings h
        join purchases p on p.id = h.purchase_id
        join packs k on k.id = p.pack_id and k.published
        join pack_prizes z on z.id = h.prize_id
        where h.rarity >= ${minRarity} and (${packId}::int is null or p.pack_id = ${packId}::int)
        order by h.id desc limit ${limit}`,
  );
}

/** The card a share link shows: the best card (highest rarity, first drawn) of the purchase with this share code. */
export async function wonCard(db: DbOrTx, shareCode: string) {
  const [row] = await queryRows<Omit<StoredWin, 'user_id' | 'buyer_tag' | 'kind'>>(
    db,
    sql`select h.id::int as id, p.pack_id, p.pack_name, coalesce(k.name_en, '') as pack_name_en, h.name, coalesce(z.name_en, '') as name_en,
               h.image_url, h.rarity, date_trunc('minute', p.created_at) as created_at
        from purchases p join holdings h on h.purchase_id = p.id
        left join packs k on k.id = p.pack_id
        left join pack_prizes z on z.id = h.prize_id
        where p.share_code = ${shareCode}
        order by h.rarity desc, h.id limit 1`,
  );
  return row;
}

/**
 * The last-one and milestone prizes among these prize ids, with their rule and their lot's size
 * (lot prizes are left out): the result screens badge them. Read where results are read, never in
 * the purchase batch.
 */
export async function extraPrizeRules(db: DbOrTx, prizeIds: readonly number[]): Promise<Map<number, ExtraRule & { total: number }>> {
  if (prizeIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; kind: 'last_one' | 'milestone'; at: number; every: number; total: number }>(
    db,
    sql`select z.id, z.kind, z.milestone_at as at, z.milestone_every as every, k.total_pack_count as total
        from pack_prizes z join packs k on k.id = z.pack_id
        where z.id = any(${`{${[...new Set(prizeIds)].join(',')}}`}::int[]) and z.kind <> 'lot'`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
