import {
  DASHBOARD_DAYS,
  type DashboardFigures,
  type DashboardResponse,
} from '@oripa/contract/admin-dashboard';
import { OPEN_SHIPPING_STATES } from '@oripa/contract/shipping';
import type { Db } from '../../db/client.ts';
import { jstDateKey, jstMonthBounds } from '../../lib/time.ts';
import { figuresByDay, shippingBacklog, waitingPayments, type LedgerDay } from './dashboard.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The first instant of the Japan-time day `date` falls in. */
function jstDayStart(date: Date): Date {
  return new Date(Math.floor((date.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS);
}

/** Coins as integer hundredths, so sums stay exact (never floats). */
function cents(text: string): number {
  const [whole = '0', frac = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

function coinText(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(Math.abs(hundredths % 100)).padStart(2, '0')}`;
}

function total(days: readonly LedgerDay[]): DashboardFigures {
  const sum = (pick: (d: LedgerDay) => number) => days.reduce((s, d) => s + pick(d), 0);
  return {
    sales_yen: sum((d) => d.sales_yen),
    points_sold: sum((d) => d.points_sold),
    points_spent: sum((d) => d.points_spent),
    packs_drawn: sum((d) => d.packs_drawn),
    conversions: sum((d) => d.conversions),
    conversion_points: sum((d) => d.conversion_points),
    coins_used: coinText(sum((d) => cents(d.coins_used))),
  };
}

/**
 * The console's dashboard at `now`: today and this month (Japan time), the last 90 days, the
 * shipping backlog and the payments waiting for money. The day and month figures are sums of
 * the same per-day ledger rows as the chart, so the three always agree.
 */
export async function dashboard(db: Db, now: Date): Promise<DashboardResponse> {
  const today = jstDayStart(now);
  const month = jstMonthBounds(now);
  const chartStart = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const from = month.start < chartStart ? month.start : chartStart;
  const end = new Date(today.getTime() + DAY_MS);
  const [rows, backlog, waiting] = await Promise.all([
    figuresByDay(db, from, end),
    shippingBacklog(db, now, OPEN_SHIPPING_STATES),
    waitingPayments(db),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const todayName = jstDateKey(today);
  const monthName = todayName.slice(0, 7);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = jstDateKey(new Date(chartStart.getTime() + i * DAY_MS));
    const r = byDay.get(day);
    return {
      day,
      sales_yen: r?.sales_yen ?? 0,
      points_sold: r?.points_sold ?? 0,
      points_spent: r?.points_spent ?? 0,
      packs_drawn: r?.packs_drawn ?? 0,
    };
  });
  const ofBacklog = new Map(backlog.map((b) => [b.state, b]));
  return {
    day: todayName,
    month: monthName,
    today: total(rows.filter((r) => r.day === todayName)),
    this_month: total(rows.filter((r) => r.day.startsWith(monthName))),
    shipping: OPEN_SHIPPING_STATES.map((state) => {
      const b = ofBacklog.get(state);
      const ages = {
        under_3: b?.under_3 ?? 0,
        days_3_7: b?.days_3_7 ?? 0,
        days_7_14: b?.days_7_14 ?? 0,
        over_14: b?.over_14 ?? 0,
      };
      return { state, total: ages.under_3 + ages.days_3_7 + ages.days_7_14 + ages.over_14, ages };
    }),
    payments_waiting: {
      count: waiting.reduce((s, w) => s + w.count, 0),
      amount_yen: waiting.reduce((s, w) => s + w.amount_yen, 0),
      by_method: waiting,
    },
    days,
  };
}

/**
 * The dashboard's figures over any Japan-time span [from, to): per day (days with something) and
 * their total, the same sums the dashboard shows (the reports reconcile with it).
 */
export async function figuresBetween(db: Db, from: Date, to: Date): Promise<{ days: LedgerDay[]; total: DashboardFigures }> {
  const days = await figuresByDay(db, from, to);
  return { days, total: total(days) };
}
