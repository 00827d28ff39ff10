import { HISTORY_ROWS_PER_PAGE } from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { formatJst } from '../../lib/time.ts';

/**
 * The member's point and coin histories (GET /user/point/list/{page}, /user/coin/list/{page}):
 * their ledger rows, newest first. Ledger memos are written in Japanese; in English mode the
 * memo is given by the row's reason (with the pack name where there is one).
 */

interface LedgerRow {
  id: string | number;
  delta: number | string;
  money?: number;
  reason: string;
  ref: string;
  memo: string;
  created_at: string | Date;
}

const EN_LABELS: Record<string, string> = {
  purchase: 'Points purchased',
  pack: 'Pack purchase',
  conversion: 'Cards converted to points',
  referral: 'Referral bonus',
  grant: 'Granted by the shop',
  rank: 'Rank maintenance',
  expire: 'Points expired (6 months)',
  exchange: 'Card exchange',
  bonus: 'Bonus',
};

const JA_LABELS: Record<string, string> = {
  purchase: 'ポイント購入',
  pack: 'パック購入',
  conversion: 'カード変換',
  referral: '紹介ボーナス',
  grant: 'ショップからの付与',
  rank: 'ランク維持',
  expire: 'ポイント有効期限切れ',
  exchange: 'カード交換',
  bonus: 'ボーナス',
};

/** The history text of a ledger row in the member's language. */
export function historyMemo(reason: string, memo: string, lang: Lang): string {
  if (lang === 'ja') return memo || JA_LABELS[reason] || reason;
  const label = EN_LABELS[reason] ?? reason;
  if (reason === 'pack' && memo) return `${label}: ${memo}`;
  if (reason === 'conversion' && memo.startsWith('カード変換 ')) return `${label}: ${memo.slice('カード変換 '.length)}`;
  // Operators write grant reasons themselves; show them as written.
  if (reason === 'grant' && memo) return memo;
  return label;
}

/** The pack history or payment a row refers to ('purchase:12', 'payment:7'). */
function historyIdOf(ref: string): number | null {
  const match = /^(?:purchase|payment):(\d+)$/.exec(ref);
  return match ? Number(match[1]) : null;
}

/** The fields every history row has, whichever ledger it comes from. */
interface HistoryRowBase {
  id: number;
  history_id: number | null;
  reason: string;
  created: string;
  memo: string;
}

/**
 * One page of a ledger, newest first: the common fields of each row followed by the ledger's own
 * amount fields (`amounts`), and the page info.
 */
async function historyPage<Amounts extends object>(
  db: Db,
  table: 'point_ledger' | 'coin_ledger',
  userId: number,
  pageNo: number,
  lang: Lang,
  amounts: (row: LedgerRow) => Amounts,
): Promise<{ list: (HistoryRowBase & Amounts)[]; page: PageInfo }> {
  const ledger = sql.raw(table);
  const columns = table === 'point_ledger' ? sql`id, delta, money, reason, ref, memo, created_at` : sql`id, delta::text as delta, reason, ref, memo, created_at`;
  const offset = (pageNo - 1) * HISTORY_ROWS_PER_PAGE;
  const [rows, count] = await Promise.all([
    queryRows<LedgerRow>(
      db,
      sql`select ${columns} from ${ledger} where user_id = ${userId} order by id desc limit ${HISTORY_ROWS_PER_PAGE} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${ledger} where user_id = ${userId}`),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      history_id: historyIdOf(r.ref),
      reason: r.reason,
      created: formatJst(new Date(r.created_at)),
      memo: historyMemo(r.reason, r.memo, lang),
      ...amounts(r),
    })),
    page: pageInfo(pageNo, count[0]?.n ?? 0, HISTORY_ROWS_PER_PAGE),
  };
}

export interface PointHistory extends HistoryRowBase {
  bonusPoint: number;
  money: number;
}

/** GET /user/point/list/{page}: signed point changes with the yen paid for purchases. */
export async function pointHistoryPage(db: Db, userId: number, pageNo: number, lang: Lang): Promise<{ list: PointHistory[]; page: PageInfo }> {
  return historyPage(db, 'point_ledger', userId, pageNo, lang, (r) => ({ bonusPoint: Number(r.delta), money: Number(r.money ?? 0) }));
}

export interface CoinHistory extends HistoryRowBase {
  bonusCoin: string;
}

/** GET /user/coin/list/{page}: signed coin changes as decimal strings ('12.50', '-3.00'). */
export async function coinHistoryPage(db: Db, userId: number, pageNo: number, lang: Lang): Promise<{ list: CoinHistory[]; page: PageInfo }> {
  return historyPage(db, 'coin_ledger', userId, pageNo, lang, (r) => ({ bonusCoin: String(r.delta) }));
}
