import type { DashboardResponse } from '@oripa/contract/admin-dashboard';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { JAPAN_OFFSET_MS } from '@/lib/dates.ts';
import { useAdminT } from '../admin-texts.ts';

const HEIGHT = 280;

/** 'YYYY-MM-DD' (a Japan-time day) as the unix second of its midnight in Japan. */
function daySeconds(day: string): number {
  return (Date.parse(`${day}T00:00:00Z`) - JAPAN_OFFSET_MS) / 1000;
}

/**
 * The 90-day chart, drawn by uPlot (a small canvas chart library; this module is its own lazy
 * chunk inside the console's). Yen on the left axis, points and packs on the right.
 */
export default function DashboardChart({ days }: { days: DashboardResponse['days'] }) {
  const t = useAdminT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data: uPlot.AlignedData = [
      days.map((d) => daySeconds(d.day)),
      days.map((d) => d.sales_yen),
      days.map((d) => d.points_sold),
      days.map((d) => d.points_spent),
      days.map((d) => d.packs_drawn),
    ];
    const plot = new uPlot(
      {
        width: element.clientWidth || 800,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Tokyo'),
        scales: { x: { time: true }, yen: {}, count: {} },
        axes: [{}, { scale: 'yen', size: 70 }, { scale: 'count', side: 1, size: 60, grid: { show: false } }],
        series: [
          { label: t('dashboard.day') },
          {
            label: t('dashboard.series.sales_yen'),
            scale: 'yen',
            stroke: '#d6336c',
            width: 2,
            fill: 'rgba(214,51,108,0.08)',
          },
          { label: t('dashboard.series.points_sold'), scale: 'count', stroke: '#1c7ed6', width: 1.5 },
          { label: t('dashboard.series.points_spent'), scale: 'count', stroke: '#37b24d', width: 1.5 },
          {
            label: t('dashboard.series.packs_drawn'),
            scale: 'count',
            stroke: '#f59f00',
            width: 1.5,
            dash: [4, 3],
          },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, t]);
  return <div ref={box} className="admin-chart" data-testid="dashboard-chart" />;
}
