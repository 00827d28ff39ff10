import type { DASHBOARD_JA } from './dashboard-ja.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** The dashboard's texts in English. */
export const DASHBOARD_EN: Texts<typeof DASHBOARD_JA> = {
  nav: 'Dashboard',
  heading: 'Dashboard',
  lead: 'Figures are summed from the point and coin ledgers and the purchase records (Japan time).',
  today: 'Today ({{day}})',
  month: 'This month ({{month}})',
  figures: {
    sales_yen: 'Sales (yen)',
    points_sold: 'Points sold',
    points_spent: 'Points spent',
    packs_drawn: 'Packs drawn',
    conversions: 'Conversions',
    conversion_points: 'Points from conversions',
    coins_used: 'Coins used',
  },
  shipping: 'Shipping backlog (state and age)',
  state: 'State',
  total: 'Total',
  ages: { under_3: '< 3 days', days_3_7: '3-7 days', days_7_14: '7-14 days', over_14: '14+ days' },
  waiting: 'Payments waiting for money',
  waitingSummary: '{{count}} orders, JPY {{amount}}',
  method: 'Method {{id}}',
  chart: 'Last 90 days',
  day: 'Day',
  series: {
    sales_yen: 'Sales (yen)',
    points_sold: 'Points sold',
    points_spent: 'Points spent',
    packs_drawn: 'Packs drawn',
  },
  refresh: 'Refresh',
};
