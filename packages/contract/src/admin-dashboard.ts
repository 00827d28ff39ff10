import { z } from 'zod';

/**
 * GET /api/admin/dashboard (permission 'dashboard.read'): the shop's figures, all from the
 * ledgers so they reconcile, over Japan-time days and months.
 * - sales_yen: yen paid for points (point ledger 'purchase' rows' money)
 * - points_sold / points_spent: points bought; points spent on packs and rank keeping
 * - packs_drawn: packs bought (purchases); conversions: cards converted to points (credits and
 *   their points); coins_used: coins spent (decimal string)
 */
export const dashboardFiguresSchema = z.object({
  sales_yen: z.number().int(),
  points_sold: z.number().int(),
  points_spent: z.number().int(),
  packs_drawn: z.number().int(),
  conversions: z.number().int(),
  conversion_points: z.number().int(),
  coins_used: z.string(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** Age buckets of open shipping requests, in days since the request. */
export const SHIPPING_AGE_BUCKETS = ['under_3', 'days_3_7', 'days_7_14', 'over_14'] as const;
export type ShippingAgeBucket = (typeof SHIPPING_AGE_BUCKETS)[number];

export const dashboardResponse = z.object({
  /** The Japan-time day and month the figures are for ('YYYY-MM-DD', 'YYYY-MM'). */
  day: z.string(),
  month: z.string(),
  today: dashboardFiguresSchema,
  this_month: dashboardFiguresSchema,
  shipping: z.array(
    z.object({
      state: z.string(),
      total: z.number().int(),
      ages: z.object({
        under_3: z.number().int(),
        days_3_7: z.number().int(),
        days_7_14: z.number().int(),
        over_14: z.number().int(),
      }),
    }),
  ),
  payments_waiting: z.object({
    count: z.number().int(),
    amount_yen: z.number().int(),
    by_method: z.array(
      z.object({ pay_id: z.number().int(), count: z.number().int(), amount_yen: z.number().int() }),
    ),
  }),
  /** The last 90 Japan-time days, oldest first, every day present. */
  days: z.array(
    z.object({
      day: z.string(),
      sales_yen: z.number().int(),
      points_sold: z.number().int(),
      points_spent: z.number().int(),
      packs_drawn: z.number().int(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const DASHBOARD_DAYS = 90;
