import { HISTORY_PER_PAGE, type PackHistory, SEND_STATE } from '@oripa/contract/gacha';
import { STATE } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { holdings } from '../../db/schema/gacha.ts';
import { AppError } from '../../http/errors.ts';
import { formatJst } from '../../lib/time.ts';
import { toWonCard } from '../gacha/results.service.ts';

interface HistoryRow {
  id: number;
  created_at: string | Date;
  pack_name: string;
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
  total: number;
}

/** The filter of design decision 4, over the per-purchase aggregates below. */
const MODE_FILTER: Record<string, SQL> = {
  '0': sql`true`,
  '1': sql`pending > 0`,
  '2': sql`pending = 0 and ship > 0 and shipped_requests < requests`,
  '3': sql`pending = 0 and ship > 0 and shipped_requests = requests`,
  '4': sql`pending = 0 and ship = 0`,
};

function sendStateOf(r: HistoryRow): PackHistory['send_state'] {
  if (r.pending > 0) return SEND_STATE.undecided;
  if (r.ship === 0) return SEND_STATE.none;
  return r.shipped_requests === r.requests ? SEND_STATE.shipped : SEND_STATE.preparing;
}

function toHistory(r: HistoryRow): PackHistory {
  return {
    id: r.id,
    created: formatJst(new Date(r.created_at)),
    pack_name: r.pack_name,
    send_state: sendStateOf(r),
    point: r.cost,
    is_buy_coin: r.payment_method === '2' ? 1 : 0,
    count: r.count,
    status: r.pending === 0 ? '1' : '0',
    delivery_code: r.delivery_code,
    send_card: r.ship,
    reduction_card: r.converted,
    reduction_point: r.converted_point,
  };
}

function historyQuery(userId: number, where: SQL, limit: number, offset: number): SQL {
  return sql`select * from (
      select p.id, p.created_at, p.pack_name, p.cost, p.payment_method, p.count,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'pending')::int as pending,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'ship')::int as ship,
        (select count(*) from holdings h where h.purchase_id = p.id and h.state = 'converted')::int as converted,
        (select coalesce(sum(buy_point), 0) from holdings h where h.purchase_id = p.id and h.state = 'converted')::int as converted_point,
        (select count(*) from shipping_requests s where s.purchase_id = p.id and s.status = 'shipped')::int as shipped_requests,
        (select count(*) from shipping_requests s where s.purchase_id = p.id)::int as requests,
        coalesce((select string_agg(s.delivery_code, ',' order by s.id) from shipping_requests s
                  where s.purchase_id = p.id and s.delivery_code <> ''), '') as delivery_code
      from purchases p where p.user_id = ${userId}) x
    where ${where}
    order by id desc
    limit ${limit} offset ${offset}`;
}

/** POST /user/history/list/{page}: the member's purchases, newest first, filtered by mode. */
export async function historyPage(db: Db, userId: number, mode: string, page: number): Promise<{ list: PackHistory[]; page: PageInfo }> {
  const where = MODE_FILTER[mode] ?? sql`true`;
  const [rows, totals] = await Promise.all([
    queryRows<HistoryRow>(db, historyQuery(userId, where, HISTORY_PER_PAGE, (page - 1) * HISTORY_PER_PAGE)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${historyQuery(userId, where, 1_000_000, 0)}) c`),
  ]);
  return { list: rows.map(toHistory), page: pageInfo(page, totals[0]?.n ?? 0, HISTORY_PER_PAGE) };
}

/** GET /user/history/detail/{id}: one purchase of this member's with its cards (owner only). */
export async function historyDetail(db: Db, userId: number, purchaseId: number) {
  const [row] = await queryRows<HistoryRow>(db, historyQuery(userId, sql`id = ${purchaseId}`, 1, 0));
  if (!row) throw AppError.field(STATE.notFound, 'history', 'gacha.history_not_found');
  const cards = await db
    .select()
    .from(holdings)
    .where(and(eq(holdings.purchaseId, purchaseId), eq(holdings.userId, userId)))
    .orderBy(asc(holdings.id));
  return { history: toHistory(row), cards: cards.map(toWonCard) };
}
