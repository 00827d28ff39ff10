import type { DashboardFigures, DashboardResponse } from '@oripa/contract/admin-dashboard';
import { SHIPPING_AGE_BUCKETS } from '@oripa/contract/admin-dashboard';
import { PAY_METHOD_TEXTS, isPayId } from '@oripa/contract/constants';
import { lazy, Suspense } from 'react';
import { formatCoins } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useAdminT, type AdminKey } from '../admin-texts.ts';
import { useDashboard } from '../api/dashboard-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import './dashboard.css';

// The chart library loads only when the dashboard is opened.
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'));

const FIGURES: (keyof DashboardFigures)[] = [
  'sales_yen',
  'points_sold',
  'points_spent',
  'packs_drawn',
  'conversions',
  'conversion_points',
  'coins_used',
];

// The one decimal figure (coins used) reads as the shop writes coins: decimals only when present.
const number = (value: number | string) =>
  typeof value === 'number' ? value.toLocaleString('ja-JP') : formatCoins(value);

/** The console's dashboard: today, this month, the backlog, waiting payments and 90 days. */
export function DashboardScreen() {
  const t = useAdminT();
  const dashboard = useDashboard();
  return (
    <section>
      <h1>{t('dashboard.heading')}</h1>
      <p className="admin-muted">{t('dashboard.lead')}</p>
      <QueryView query={dashboard}>{(data) => <DashboardView data={data} />}</QueryView>
    </section>
  );
}

function DashboardView({ data }: { data: DashboardResponse }) {
  const t = useAdminT();
  return (
    <>
      <div className="dashboard-periods">
        <Figures
          title={t('dashboard.today', { day: data.day })}
          figures={data.today}
          testId="dashboard-today"
        />
        <Figures
          title={t('dashboard.month', { month: data.month })}
          figures={data.this_month}
          testId="dashboard-month"
        />
      </div>
      <h2>{t('dashboard.chart')}</h2>
      <Suspense fallback={<div className="admin-chart" />}>
        <DashboardChart days={data.days} />
      </Suspense>
      <div className="dashboard-periods dashboard-periods--lower">
        <Backlog shipping={data.shipping} />
        <Waiting waiting={data.payments_waiting} />
      </div>
    </>
  );
}

function Figures({ title, figures, testId }: { title: string; figures: DashboardFigures; testId: string }) {
  const t = useAdminT();
  return (
    <div className="dashboard-card" data-testid={testId}>
      <h2>{title}</h2>
      <dl className="dashboard-figures">
        {FIGURES.map((key) => (
          <div key={key} data-figure={key}>
            <dt>{t(`dashboard.figures.${key}` as AdminKey)}</dt>
            <dd>{number(figures[key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Backlog({ shipping }: { shipping: DashboardResponse['shipping'] }) {
  const t = useAdminT();
  return (
    <div className="dashboard-card" data-testid="dashboard-shipping">
      <h2 id="dashboard-shipping-title">{t('dashboard.shipping')}</h2>
      {/* A narrow window scrolls the table: the region can take the focus for keyboards. */}
      <div className="dashboard-scroll" role="region" aria-labelledby="dashboard-shipping-title" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('dashboard.state')}</th>
              {SHIPPING_AGE_BUCKETS.map((b) => (
                <th key={b}>{t(`dashboard.ages.${b}` as AdminKey)}</th>
              ))}
              <th>{t('dashboard.total')}</th>
            </tr>
          </thead>
          <tbody>
            {shipping.map((row) => (
              <tr key={row.state}>
                <td>{t(`shipping.states.${row.state}` as AdminKey)}</td>
                {SHIPPING_AGE_BUCKETS.map((b) => (
                  <td key={b} className={b === 'over_14' && row.ages[b] > 0 ? 'dashboard-late' : undefined}>
                    {number(row.ages[b])}
                  </td>
                ))}
                <td>{number(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Waiting({ waiting }: { waiting: DashboardResponse['payments_waiting'] }) {
  const t = useAdminT();
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ja';
  return (
    <div className="dashboard-card" data-testid="dashboard-waiting">
      <h2>{t('dashboard.waiting')}</h2>
      <p className="dashboard-big">
        {t('dashboard.waitingSummary', { count: number(waiting.count), amount: number(waiting.amount_yen) })}
      </p>
      <ul className="dashboard-methods">
        {waiting.by_method.map((m) => (
          <li key={m.pay_id}>
            {isPayId(m.pay_id)
              ? PAY_METHOD_TEXTS[m.pay_id].name[lang]
              : t('dashboard.method', { id: m.pay_id })}
            : {number(m.count)} / {number(m.amount_yen)}
          </li>
        ))}
      </ul>
    </div>
  );
}
