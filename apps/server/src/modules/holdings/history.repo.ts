import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { packPrizes } from '../../db/schema/catalog.ts';
import { holdings } from '../../db/schema/gacha.ts';

/** A purchase with the tallies of its cards and shipping requests. */
export interface HistoryRow {
  id: number;
  created_at: string | Date;
  pack_name: string;
  /** The pack's English name as it is now ('' when none); pack_name is the Japanese one it was bought under. */
  pack_name_en: string;
  cost: number;
  payment_method: string;
  count: number;
  pending: number;
  ship: number;
  converted: number;
  converted_point: number;
  shipped_requests: number;
  requests: number;
  delivery_code: string;
}

/** A won card with its prize's English name as it is now ('' when none; the row keeps the Japanese name it was won under). */
export type HoldingRow = typeof holdings.$inferSelect & { nameEn: string };

/** The filter of design decision 4 by history mode, over the per-purchase aggregates below. */
const MODE_FILTER: Record<string, SQL> = {
  '0': sql`true`,
  '1': sql`pending > 0`,
  '2': sql`pending = 0 and ship > 0 and (requests = 0 or shipped_requests < requests)`,
  '3': sql`pending = 0 and ship > 0 and requests > 0 and shipped_requests = requests`,
  '4': sql`pending = 0 and ship = 0`,
};

/**
 * The history is of purchases (the gacha module's rows) with the state of their cards and
 * shipping requests (this module's): one statement with the purchases read across, since a
 * page of tallies asked of the gacha module's service would cost a round trip per page and a
 * filter it cannot apply. Read-only; the gacha module alone writes purchases.
 */
function historyQuery(userId: number, where: SQL, limit: number, offset: number): SQL {
  return sql`select * from (
      select p.id, p.created_at, p.pack_name, coalesce((select pk.name_en from packs pk where pk.id = p.pack_id), '') as pack_name_en, p.cost, p.payment_method, p.count,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'pending')::int as pending,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'ship')::int as ship,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'converted')::int as converted,
        (select coalesce(sum(buy_point), 0) from holdings h where h.purchase_id = p.id and h.state = 'converted')::int as converted_point,
        (select count(*) from shipping_requests s where s.purchase_id = p.id and s.status in ('shipped','delivered'))::int as shipped_requests,
        (select count(*) from shipping_requests s where s.purchase_id = p.id and s.status <> 'cancelled')::int as requests,
        coalesce((select string_agg(s.delivery_code, ',' order by s.id) from shipping_requests s
                  where s.purchase_id = p.id and s.delivery_code <> ''), '') as delivery_code
      from purchases p where p.user_id = ${userId}) x
    where ${where}
    order by id desc
    limit ${limit} offset ${offset}`;
}

/** One page of a member's purchases in a history mode, newest first, and how many there are. */
export async function historyPageRows(
  db: DbOrTx,
  userId: number,
  mode: string,
  limit: number,
  offset: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = MODE_FILTER[mode] ?? sql`true`;
  const [rows, totals] = await Promise.all([
    queryRows<HistoryRow>(db, historyQuery(userId, where, limit, offset)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${historyQuery(userId, where, 1_000_000, 0)}) c`),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** One purchase of a member's with its tallies, or undefined (another member's, or none). */
export async function historyRowOf(db: DbOrTx, userId: number, purchaseId: number): Promise<HistoryRow | undefined> {
  const [row] = await queryRows<HistoryRow>(db, historyQuery(userId, sql`id = ${purchaseId}`, 1, 0));
  return row;
}

/**
 * The cards of a purchase in id order: only a member's with `userId`, only undecided ones with
 * `onlyPending`; with `english`, each with its prize's English name (else nameEn is '', no lookup).
 */
export function cardsOfPurchase(
  db: DbOrTx,
  purchaseId: number,
  opts: { userId?: number; onlyPending?: boolean; english?: boolean } = {},
): Promise<HoldingRow[]> {
  const nameEn = opts.english
    ? sql<string>`coalesce((select z.name_en from ${packPrizes} z where z.id = ${holdings.prizeId}), '')`
    : sql<string>`''`;
  return db
    .select({ ...getTableColumns(holdings), nameEn })
    .from(holdings)
    .where(
      and(
        eq(holdings.purchaseId, purchaseId),
        opts.userId === undefined ? undefined : eq(holdings.userId, opts.userId),
        opts.onlyPending ? eq(holdings.state, 'pending') : undefined,
      ),
    )
    .orderBy(asc(holdings.id));
}

/** A pack's English name ('' when none or no such pack): the reveal's title in English mode. */
export async function packNameEn(db: DbOrTx, packId: number): Promise<string> {
  const [row] = await queryRows<{ name_en: string }>(db, sql`select name_en from packs where id = ${packId}`);
  return row?.name_en ?? '';
}
