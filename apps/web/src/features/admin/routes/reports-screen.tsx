import type { PackReport, PeriodReport, ReportFile } from '@oripa/contract/admin-reports';
import { REPORT_FILES } from '@oripa/contract/admin-reports';
import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { japanDateKey } from '@/lib/dates.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminCall, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY } from '../api/admin-queries.ts';
import { downloadBase64 } from '../api/shipping-queries.ts';
import { Field } from '../components/field.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
// The figure cards are the dashboard's: the reports extend its figures over any period.
import './dashboard.css';

const num = (n: number | string) => Number(n).toLocaleString('ja-JP');

/** Today and the first of this month in Japan time, 'YYYY-MM-DD'. */
function thisMonthSoFar(): { from: string; to: string } {
  const today = japanDateKey(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

type Reports = { ok: true; packs: PackReport; period: PeriodReport } | { ok: false; errors: FieldErrors };

/** Both reports of a period, or the server's refusal of the period (shown under its fields). */
async function loadReports(from: string, to: string): Promise<Reports> {
  const query = { from, to };
  const [packs, period] = await Promise.all([adminCall(api.adminReportPacks, { query }), adminCall(api.adminReportPeriod, { query })]);
  if (packs.state !== STATE.ok) return { ok: false, errors: packs.errors };
  if (period.state !== STATE.ok) return { ok: false, errors: period.errors };
  return { ok: true, packs: packs as unknown as PackReport, period: period as unknown as PeriodReport };
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The owner's reports (decision 047): a period's figures, per pack, and CSV files for Excel. */
export function ReportsScreen() {
  const t = useAdminT();
  const [search, setSearch] = useSearchParams();
  const span = { ...thisMonthSoFar(), ...Object.fromEntries(['from', 'to'].flatMap((k) => (search.get(k) ? [[k, search.get(k) as string]] : []))) } as { from: string; to: string };
  const reports = useQuery({ queryKey: [...ADMIN_KEY, 'reports', span.from, span.to], queryFn: () => loadReports(span.from, span.to) });
  const [encoding, setEncoding] = useState<'utf8' | 'sjis'>('utf8');
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const errors = reports.data && !reports.data.ok ? reports.data.errors : {};

  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setSearch({ from: String(f.get('from') ?? ''), to: String(f.get('to') ?? '') });
  };

  const download = async (file: ReportFile) => {
    const result = await adminCall(api.adminReportFile, { query: { ...span, file, encoding } });
    if (result.state === STATE.ok && result.content_base64 && result.filename) {
      downloadBase64(result.filename, result.content_base64, encoding === 'sjis' ? 'text/csv;charset=Shift_JIS' : 'text/csv;charset=utf-8');
      setNotice({ ok: true, text: t('reports.downloaded', { rows: result.rows ?? 0 }) });
    } else setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
  };

  return (
    <section>
      <h1>{t('reports.heading')}</h1>
      <p className="admin-muted">{t('reports.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={show} data-testid="report-period-form" key={`${span.from}/${span.to}`}>
        <Field label={t('reports.from')} name="from" type="date" defaultValue={span.from} errors={errors.from} />
        <Field label={t('reports.to')} name="to" type="date" defaultValue={span.to} errors={errors.to} />
        <button type="submit" className="admin-button">
          {t('reports.show')}
        </button>
      </form>
      {reports.isPending && <p className="admin-muted">{t('loading')}</p>}
      {reports.isError && <p className="admin-notice admin-notice--error">{t('failed')}</p>}
      {reports.data?.ok && <ReportBody packs={reports.data.packs} period={reports.data.period} />}

      <h2>{t('reports.filesHeading')}</h2>
      <div className="admin-form admin-form--filters">
        <div className="admin-field">
          <label htmlFor="report-encoding">{t('reports.encoding')}</label>
          <select id="report-encoding" value={encoding} onChange={(e) => setEncoding(e.target.value === 'sjis' ? 'sjis' : 'utf8')}>
            <option value="utf8">{t('reports.utf8')}</option>
            <option value="sjis">{t('reports.sjis')}</option>
          </select>
        </div>
        {REPORT_FILES.map((file) => (
          <button key={file} type="button" className="admin-button admin-button--quiet" onClick={() => void download(file)} data-testid={`report-file-${file}`}>
            {t(`reports.files.${file}`)}
          </button>
        ))}
      </div>
      {notice && (
        <p className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
    </section>
  );
}

function ReportBody({ packs, period }: { packs: PackReport; period: PeriodReport }) {
  const t = useAdminT();
  const f = period.figures;
  const yen = (n: number) => `¥${num(n)}`;
  const columns: [string, (p: PackReport['totals']) => string][] = [
    [t('reports.packsSold'), (p) => num(p.packs_sold)],
    [t('reports.pointsSpent'), (p) => num(p.points_spent)],
    [t('reports.freePointsSpent'), (p) => num(p.free_points_spent)],
    [t('reports.coinsSpent'), (p) => num(p.coins_spent)],
    [t('reports.cardsWon'), (p) => num(p.cards_won)],
    [t('reports.cardsConverted'), (p) => num(p.cards_converted)],
    [t('reports.pointsReturned'), (p) => num(p.points_returned)],
    [t('reports.cardsShipped'), (p) => num(p.cards_shipped)],
    [t('reports.salesYen'), (p) => yen(p.sales_yen)],
    [t('reports.returnedYen'), (p) => yen(p.returned_yen)],
    // A cost left out is marked where it is left out: the cost and the margin are partial there.
    [t('reports.prizeCostYen'), (p) => (p.cards_without_cost > 0 ? `${yen(p.prize_cost_yen)} *` : yen(p.prize_cost_yen))],
    [t('reports.marginYen'), (p) => (p.cards_without_cost > 0 ? `${yen(p.margin_yen)} *` : yen(p.margin_yen))],
  ];
  return (
    <>
      <h2>{t('reports.periodHeading')}</h2>
      <div className="dashboard-card">
      <dl className="dashboard-figures" data-testid="report-period">
        <Figure label={t('reports.salesYen')} value={yen(f.sales_yen)} testId="report-sales" />
        <Figure label={t('reports.refundsYen')} value={yen(f.refunds_yen)} />
        <Figure label={t('reports.pointsSold')} value={num(f.points_sold)} />
        <Figure label={t('reports.pointsSpent')} value={num(f.points_spent)} />
        <Figure label={t('reports.packsDrawn')} value={num(f.packs_drawn)} />
        <Figure label={t('reports.conversionPoints')} value={num(f.conversion_points)} />
        <Figure label={t('reports.pointsExpired')} value={num(f.points_expired)} />
        <Figure label={t('reports.freePointsExpired')} value={num(f.free_points_expired)} />
        <Figure label={t('reports.coinsUsed')} value={num(f.coins_used)} />
        <Figure label={t('reports.outstanding')} value={num(period.outstanding_points)} testId="report-outstanding" />
        <Figure label={t('reports.outstandingFree')} value={num(period.outstanding_free_points)} testId="report-outstanding-free" />
      </dl>
      </div>
      <h3>{t('reports.baseDates')}</h3>
      {period.base_dates.length === 0 ? (
        <p className="admin-muted">{t('reports.noBaseDates')}</p>
      ) : (
        <ul>
          {period.base_dates.map((b) => (
            <li key={b.date}>
              {b.date}: {num(b.outstanding_points)} ({t('reports.baseDateFree', { points: num(b.outstanding_free_points) })})
            </li>
          ))}
        </ul>
      )}

      <h2>{t('reports.packsHeading')}</h2>
      <p className="admin-muted">{t('reports.packsRule', { rate: packs.yen_per_point })}</p>
      {packs.rate_assumed && (
        <p className="admin-notice" data-testid="report-rate-assumed">
          {t('reports.rateAssumed')}
        </p>
      )}
      {packs.totals.cards_without_cost > 0 && (
        <p className="admin-notice" data-testid="report-cost-partial">
          {t('reports.costPartial', { cards: num(packs.totals.cards_without_cost) })}
        </p>
      )}
      {packs.packs.length === 0 ? (
        <p className="admin-muted">{t('reports.noPacks')}</p>
      ) : (
        <TableScroll label={t('reports.packsHeading')}>
          <table className="admin-table" data-testid="report-packs">
            <thead>
              <tr>
                <th scope="col">{t('reports.pack')}</th>
                {columns.map(([label]) => (
                  <th scope="col" key={label}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {packs.packs.map((p) => (
                <tr key={p.pack_id}>
                  <td>
                    #{p.pack_id} {p.name}
                  </td>
                  {columns.map(([label, value]) => (
                    <td key={label}>{value(p)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('reports.total')}</th>
                {columns.map(([label, value]) => (
                  <td key={label}>{value(packs.totals)}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </>
  );
}
