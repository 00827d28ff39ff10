import type { PackReport, PeriodReport, ReportEncoding, ReportFile, ReportQuery } from '@oripa/contract/admin-reports';
import { PAYMENT_METHOD, PAY_METHOD_TEXTS, isPayId } from '@oripa/contract/constants';
import type { Db } from '../../db/client.ts';
import { csvFile } from '../../lib/csv-file.ts';
import { formatJst } from '../../lib/time.ts';
import { figuresBetween } from '../dashboard/dashboard.service.ts';
import * as repo from './reports.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants a report of Japan-time dates [from, to] covers: 00:00 JST of `from` to 00:00 JST after `to`. */
export function reportSpan(q: ReportQuery): { start: Date; end: Date } {
  return { start: new Date(`${q.from}T00:00:00+09:00`), end: new Date(Date.parse(`${q.to}T00:00:00+09:00`) + DAY_MS) };
}

/**
 * Per pack, with the allocation rule of decision 047: a point pack's sales in yen are its paid
 * points spent (free ones are no money, decision 055) at the period's yen per point sold (money paid ÷ points sold, bonus points included, so
 * a bonus lowers the rate); points returned by conversion are valued at the same rate; coin
 * packs have no yen (coins are the shop's rank reward, not money). The cost of prizes drawn is
 * the sum of the cost entered per prize (decision 050) over every card won, converted ones too
 * (the lot's cards were bought for it; one returned to stock is not valued here); margin = sales
 * − returned − cost of prizes drawn. Cards whose prize has no cost are counted
 * (cards_without_cost), so the screen and the file can say the cost, and the margin, are partial.
 */
export async function packReport(db: Db, q: ReportQuery): Promise<PackReport> {
  const { start, end } = reportSpan(q);
  const [rows, { total }] = await Promise.all([repo.packFigures(db, start, end), figuresBetween(db, start, end)]);
  const rate = total.points_sold > 0 ? total.sales_yen / total.points_sold : 1;
  const packs = rows.map((r) => {
    const sales = Math.round((r.points_spent - r.free_points_spent) * rate);
    const returned = Math.round(r.points_returned * rate);
    const cost = Number(r.prize_cost);
    return {
      pack_id: r.pack_id,
      name: r.name,
      payment_method: r.payment_method,
      packs_sold: r.packs_sold,
      points_spent: r.points_spent,
      free_points_spent: r.free_points_spent,
      coins_spent: String(r.coins_spent),
      cards_won: r.cards_won,
      cards_converted: r.cards_converted,
      points_returned: r.points_returned,
      cards_shipped: r.cards_shipped,
      sales_yen: sales,
      returned_yen: returned,
      prize_cost_yen: cost,
      cards_without_cost: r.cards_without_cost,
      margin_yen: sales - returned - cost,
    };
  });
  const sum = (pick: (p: (typeof packs)[number]) => number) => packs.reduce((s, p) => s + pick(p), 0);
  return {
    from: q.from,
    to: q.to,
    yen_per_point: Math.round(rate * 10_000) / 10_000,
    rate_assumed: total.points_sold === 0,
    packs,
    totals: {
      packs_sold: sum((p) => p.packs_sold),
      points_spent: sum((p) => p.points_spent),
      free_points_spent: sum((p) => p.free_points_spent),
      coins_spent: String(sum((p) => Number(p.coins_spent))),
      cards_won: sum((p) => p.cards_won),
      cards_converted: sum((p) => p.cards_converted),
      points_returned: sum((p) => p.points_returned),
      cards_shipped: sum((p) => p.cards_shipped),
      sales_yen: sum((p) => p.sales_yen),
      returned_yen: sum((p) => p.returned_yen),
      prize_cost_yen: sum((p) => p.prize_cost_yen),
      cards_without_cost: sum((p) => p.cards_without_cost),
      margin_yen: sum((p) => p.margin_yen),
    },
  };
}

/** 資金決済法's base dates (31 March, 30 September) from `from` to `to`, as 'YYYY-MM-DD'. */
export function baseDatesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const date of [`${year}-03-31`, `${year}-09-30`]) if (date >= from && date <= to) dates.push(date);
  }
  return dates;
}

/** The period's figures (the dashboard's sums), expiries, refunds and unused points. */
export async function periodReport(db: Db, q: ReportQuery): Promise<PeriodReport> {
  const { start, end } = reportSpan(q);
  const dates = baseDatesBetween(q.from, q.to);
  const [{ days, total }, { expired, expiredFree, refunded }, outstanding, atBase] = await Promise.all([
    figuresBetween(db, start, end),
    repo.expiredAndRefunded(db, start, end),
    repo.outstandingPointsAt(db, end),
    Promise.all(dates.map((d) => repo.outstandingPointsAt(db, new Date(Date.parse(`${d}T00:00:00+09:00`) + DAY_MS)))),
  ]);
  return {
    from: q.from,
    to: q.to,
    figures: { ...total, points_expired: expired, free_points_expired: expiredFree, refunds_yen: refunded },
    outstanding_points: outstanding.paid,
    outstanding_free_points: outstanding.free,
    base_dates: dates.map((date, i) => ({ date, outstanding_points: atBase[i]?.paid ?? 0, outstanding_free_points: atBase[i]?.free ?? 0 })),
    days: days.map((d) => ({ day: d.day, sales_yen: d.sales_yen, points_sold: d.points_sold, points_spent: d.points_spent, packs_drawn: d.packs_drawn, conversions: d.conversions, conversion_points: d.conversion_points, coins_used: d.coins_used })),
  };
}

const jst = (at: string | Date | null) => (at ? formatJst(new Date(at)) : '');

/** A report or list as a CSV file for Excel, in the chosen encoding. */
export async function reportFile(db: Db, q: ReportQuery & { file: ReportFile; encoding: ReportEncoding }, now = new Date()) {
  const stamp = formatJst(now).replace(/[/: ]/g, '');
  const sheet = await sheetOf(db, q);
  const content = csvFile(sheet.header, sheet.rows, q.encoding);
  return { filename: `${q.file}-${q.from}-${q.to}-${stamp}.csv`, content_base64: content.toString('base64'), rows: sheet.rows.length };
}

async function sheetOf(db: Db, q: ReportQuery & { file: ReportFile }): Promise<{ header: string[]; rows: (string | number)[][] }> {
  if (q.file === 'packs') {
    const r = await packReport(db, q);
    return {
      header: ['パックID', 'パック名', '支払い', '販売口数', '消費ポイント', '消費コイン', '獲得カード', '変換カード', '変換ポイント', '発送カード', '売上（円・按分）', '変換で戻した額（円）', '賞品原価（円）', '原価未入力のカード', '粗利（円）', 'うち無償の消費ポイント'],
      rows: r.packs.map((p) => [
        p.pack_id,
        p.name,
        p.payment_method === PAYMENT_METHOD.coins ? 'コイン' : 'ポイント',
        p.packs_sold,
        p.points_spent,
        p.coins_spent,
        p.cards_won,
        p.cards_converted,
        p.points_returned,
        p.cards_shipped,
        p.sales_yen,
        p.returned_yen,
        p.prize_cost_yen,
        p.cards_without_cost,
        p.margin_yen,
        p.free_points_spent,
      ]),
    };
  }
  if (q.file === 'period') {
    const r = await periodReport(db, q);
    return {
      header: ['日付', '売上（円）', '販売ポイント', '消費ポイント', '引いたパック', '変換件数', '変換ポイント', '使用コイン'],
      rows: r.days.map((d) => [d.day, d.sales_yen, d.points_sold, d.points_spent, d.packs_drawn, d.conversions, d.conversion_points, d.coins_used]),
    };
  }
  if (q.file === 'members') {
    const members = await repo.allMembers(db);
    return {
      header: ['会員ID', 'メールアドレス', '氏名', '電話番号', 'ポイント', 'うち無償ポイント', 'コイン', '登録日時（日本時間）'],
      rows: members.map((m) => [m.id, m.mail, m.name, m.tel, m.point, m.free_point, m.coin, jst(m.created_at)]),
    };
  }
  const { start, end } = reportSpan(q);
  const payments = await repo.paymentsBetween(db, start, end);
  return {
    header: ['決済ID', '会員ID', '開始日時（日本時間）', '完了日時（日本時間）', '支払い方法', '金額（税込・円）', 'うち消費税（円）', 'ポイント', '状態'],
    rows: payments.map((p) => [p.id, p.user_id, jst(p.created_at), jst(p.completed_at), isPayId(p.pay_id) ? PAY_METHOD_TEXTS[p.pay_id].name.ja : String(p.pay_id), p.amount, p.tax, p.point, p.state]),
  };
}
