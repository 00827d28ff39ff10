import { HISTORY_ROWS_PER_PAGE } from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import type { Db } from '../../db/client.ts';
import { formatJst } from '../../lib/time.ts';
import { inLang } from '../../kernel/language.ts';
import { freePointsOf, ledgerPage, soonestExpiring, type LedgerHistoryRow as LedgerRow } from './wallet.repo.ts';

/**
 * The member's point and coin histories (GET /user/point/list/{page}, /user/coin/list/{page}):
 * their ledger rows, newest first. Ledger memos are written in Japanese; in English mode the
 * memo is given by the row's reason (with the pack name where there is one).
 */

const EN_LABELS: Record<string, string> = {
  purchase: 'Points purchased',
  pack: 'Pack purchase',
  conversion: 'Cards converted to points',
  referral: 'Referral bonus',
  grant: 'Granted by the shop',
  rank: 'Rank maintenance',
  expire: 'Points expired',
  login_bonus: 'Login bonus',
  line_friend: 'LINE friend bonus',
  coupon: 'Coupon code',
  campaign: 'Campaign bonus',
  campaign_coinback: 'Campaign coin-back',
  free_draw_conversion: 'Free draw cards converted to points',
  exchange: 'Card exchange',
  bonus: 'Bonus',
  coinback: 'Rank coin-back',
  refund: 'Points taken back (payment refunded)',
};

const JA_LABELS: Record<string, string> = {
  purchase: 'ポイント購入',
  pack: 'パック購入',
  conversion: 'カード変換',
  referral: '紹介ボーナス',
  grant: 'ショップからの付与',
  rank: 'ランク維持',
  expire: 'ポイント有効期限切れ',
  login_bonus: 'ログインボーナス',
  line_friend: 'LINE友だち追加ボーナス',
  coupon: 'クーポンコード',
  campaign: 'キャンペーン',
  campaign_coinback: 'キャンペーンコインバック',
  free_draw_conversion: '無料ガチャのカード変換',
  exchange: 'カード交換',
  bonus: 'ボーナス',
  coinback: 'ランク特典コインバック',
  refund: 'ポイント返還（お支払いの返金）',
};

/**
 * The history text of a ledger row in the member's language. In English, the pack's or exchange
 * card's English name (`nameEn`, '' when the operator wrote none) replaces the Japanese one of the memo.
 */
export function historyMemo(reason: string, memo: string, lang: Lang, nameEn = ''): string {
  if (lang === 'ja') return memo || JA_LABELS[reason] || reason;
  const label = EN_LABELS[reason] ?? reason;
  const named = (ja: string) => `${label}: ${inLang(ja, nameEn, lang)}`;
  if (reason === 'pack' && memo) return named(memo);
  if (reason === 'conversion' && memo.startsWith('カード変換 ')) return named(memo.slice('カード変換 '.length));
  if (reason === 'exchange' && memo.startsWith('カード交換 ')) return named(memo.slice('カード交換 '.length));
  if (reason === 'coupon' && memo.startsWith('クーポン ')) return `${label}: ${memo.slice('クーポン '.length)}`;
  // A campaign's memo is 'キャンペーン <name>（+10%）': the campaign's English name (or its Japanese one) with the figure.
  if ((reason === 'campaign' || reason === 'campaign_coinback') && memo.startsWith('キャンペーン ')) {
    const figure = /（(\+\d+%|コインバック×\d)）$/.exec(memo)?.[1]?.replace('コインバック', 'coin-back ') ?? '';
    const name = memo.slice('キャンペーン '.length).replace(/（[^（]*）$/, '');
    return `${label}: ${inLang(name, nameEn, lang)}${figure ? ` (${figure})` : ''}`;
  }
  // Operators write grant reasons themselves; show them as written.
  if (reason === 'grant' && memo) return memo;
  return label;
}

/** The pack history, payment or exchange a row refers to ('purchase:12', 'payment:7', 'exchange:3'). */
function historyIdOf(ref: string): number | null {
  const match = /^(?:purchase|payment|exchange):(\d+)$/.exec(ref);
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
  const { rows, total } = await ledgerPage(db, table, userId, HISTORY_ROWS_PER_PAGE, (pageNo - 1) * HISTORY_ROWS_PER_PAGE, lang === 'en');
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      history_id: historyIdOf(r.ref),
      reason: r.reason,
      created: formatJst(new Date(r.created_at)),
      memo: historyMemo(r.reason, r.memo, lang, r.name_en ?? ''),
      ...amounts(r),
    })),
    page: pageInfo(pageNo, total, HISTORY_ROWS_PER_PAGE),
  };
}

export interface PointHistory extends HistoryRowBase {
  bonusPoint: number;
  money: number;
  balance: number;
  expires: string;
  free_point: number;
  discount_yen: number;
}

/** GET /user/point/list/{page}: signed point changes with the yen paid for purchases. */
export async function pointHistoryPage(db: Db, userId: number, pageNo: number, lang: Lang): Promise<{ list: PointHistory[]; page: PageInfo }> {
  return historyPage(db, 'point_ledger', userId, pageNo, lang, (r) => ({
    bonusPoint: Number(r.delta),
    money: Number(r.money ?? 0),
    balance: Number(r.balance_after ?? 0),
    expires: r.expires_at ? new Date(r.expires_at).toISOString() : '',
    free_point: Number(r.free_delta ?? 0),
    discount_yen: Number(r.discount_yen ?? 0),
  }));
}

export interface CoinHistory extends HistoryRowBase {
  bonusCoin: string;
  money: number;
}

/** GET /user/coin/list/{page}: signed coin changes as decimal strings ('12.50', '-3.00'), with the yen paid (coin-back). */
export async function coinHistoryPage(db: Db, userId: number, pageNo: number, lang: Lang): Promise<{ list: CoinHistory[]; page: PageInfo }> {
  return historyPage(db, 'coin_ledger', userId, pageNo, lang, (r) => ({ bonusCoin: String(r.delta), money: Number(r.money ?? 0) }));
}

/** GET /user/point/expiring: the points that expire soonest (my page). */
export async function expiringPoints(db: Db, userId: number, now: Date): Promise<{ point: number; expires: string; free_point: number }> {
  const [{ point, expires }, free] = await Promise.all([soonestExpiring(db, userId, now), freePointsOf(db, userId, now)]);
  return { point, expires: expires ? expires.toISOString() : '', free_point: free };
}
