import { z } from 'zod';
import { dashboardFiguresSchema } from './admin-dashboard.ts';
import { textField } from './fields.ts';
import { isCalendarDate } from './play-safety.ts';

/**
 * The console's reports (issue 27 point 3, decision 047), owner only: per pack and per period
 * over Japan-time dates (both inclusive), and CSV files of them and of members and payments,
 * for Excel (UTF-8 with a byte-order mark, or Shift_JIS).
 */

/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

const dateField = textField()
  .trim()
  .refine((v) => isCalendarDate(v), 'admin.date_format');

const spanDays = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

export const reportQuery = z
  .object({ from: dateField, to: dateField })
  .refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || (spanDays(q.from, q.to) >= 1 && spanDays(q.from, q.to) <= REPORT_MAX_DAYS), {
    message: 'admin.report_range',
    path: ['to'],
  });
export type ReportQuery = z.output<typeof reportQuery>;

export const REPORT_FILES = ['packs', 'period', 'members', 'payments'] as const;
export type ReportFile = (typeof REPORT_FILES)[number];
export const REPORT_ENCODINGS = ['utf8', 'sjis'] as const;
export type ReportEncoding = (typeof REPORT_ENCODINGS)[number];

export const reportFileQuery = z
  .object({
    from: dateField,
    to: dateField,
    file: z.enum(REPORT_FILES, { error: 'common.invalid' }),
    encoding: z.enum(REPORT_ENCODINGS, { error: 'common.invalid' }),
  })
  .refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || (spanDays(q.from, q.to) >= 1 && spanDays(q.from, q.to) <= REPORT_MAX_DAYS), {
    message: 'admin.report_range',
    path: ['to'],
  });

const packFigures = {
  packs_sold: z.number().int(),
  points_spent: z.number().int(),
  /** Of points_spent, free points (decision 055): no money stands behind them, so no sales. */
  free_points_spent: z.number().int(),
  coins_spent: z.string(),
  cards_won: z.number().int(),
  cards_converted: z.number().int(),
  points_returned: z.number().int(),
  cards_shipped: z.number().int(),
  sales_yen: z.number().int(),
  returned_yen: z.number().int(),
  /** The cost entered per prize, summed over the cards won (decision 050). */
  prize_cost_yen: z.number().int(),
  /** Cards won whose prize has no cost: when above 0 the cost and the margin are partial. */
  cards_without_cost: z.number().int(),
  /** sales − returned − cost of prizes drawn. */
  margin_yen: z.number().int(),
};

export const packReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** Yen per point of the period's point sales, the allocation rule's rate (1 when none sold). */
  yen_per_point: z.number(),
  /**
   * No points were sold in the period, so there is no rate to allocate by: yen_per_point is the
   * assumed 1 and the sales, returned and margin figures are in points valued at ¥1.
   */
  rate_assumed: z.boolean(),
  packs: z.array(z.object({ pack_id: z.number().int(), name: z.string(), payment_method: z.string(), ...packFigures })),
  totals: z.object(packFigures),
});
export type PackReport = z.infer<typeof packReportResponse>;

export const periodReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** points_expired: paid points that lapsed; free_points_expired: free ones (decision 055). */
  figures: dashboardFiguresSchema.extend({ points_expired: z.number().int(), free_points_expired: z.number().int(), refunds_yen: z.number().int() }),
  /** Unused paid points at the end of the period: the prepaid instrument's unused balance (資金決済法); free points are not in it (decision 055). */
  outstanding_points: z.number().int(),
  /** Unused free points at the end of the period (bonuses, grants…): shown apart, never counted as money paid. */
  outstanding_free_points: z.number().int(),
  /** 資金決済法's base dates (31 March, 30 September) within the period, with the unused paid (and, apart, free) points at their end. */
  base_dates: z.array(z.object({ date: z.string(), outstanding_points: z.number().int(), outstanding_free_points: z.number().int() })),
  days: z.array(dashboardFiguresSchema.extend({ day: z.string() })),
});
export type PeriodReport = z.infer<typeof periodReportResponse>;

export const reportFileResponse = z.object({ filename: z.string(), content_base64: z.string(), rows: z.number().int() });
