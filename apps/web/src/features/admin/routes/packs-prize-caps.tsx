import { awardsUpTo } from '@oripa/contract/prize-caps';
import { useAdminT } from '../admin-texts.ts';
import { useMe } from '../api/admin-queries.ts';
import { draftPrizeCaps, type PackDraft } from './packs-draft.ts';

const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`;

function Verdict({ over }: { over: boolean }) {
  const t = useAdminT();
  return <span className={`admin-status ${over ? 'admin-status--on' : 'admin-status--off'}`}>{over ? t('catalog.caps.over') : t('catalog.caps.ok')}</span>;
}

/**
 * 景品表示法's caps beside the lineup (decision 044): each last-one and milestone prize's value
 * against the cap per prize, their total over the lot against 2% of its sales. Beyond a cap the
 * server refuses the lot unless an owner records a reason here (audited); staff see that only an
 * owner can.
 */
export function PrizeCapsPanel({ draft, setReason, errors }: { draft: PackDraft; setReason: (reason: string) => void; errors: { caps?: string[] | undefined; reason?: string[] | undefined } }) {
  const t = useAdminT();
  const me = useMe();
  const { prizes, report } = draftPrizeCaps(draft);
  if (prizes.length === 0) return null;
  const size = draft.lineup.filter((p) => p.kind === 'lot').reduce((sum, p) => sum + (Number(p.count) || 0), 0);
  const price = Number(draft.point) || 0;
  const over = report.overPerPrize.length > 0 || report.overTotal;
  const isOwner = me.data?.operator.role === 'owner';
  return (
    <fieldset className="packs-fieldset packs-caps" data-testid="prize-caps">
      <legend>{t('catalog.caps.heading')}</legend>
      <p className="admin-muted">{t('catalog.caps.lead')}</p>
      {draft.free_daily && <p className="admin-muted" data-testid="prize-caps-free-daily">{t('catalog.caps.freeDaily')}</p>}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.caps.prize')}</th>
              <th scope="col">{t('catalog.caps.value')}</th>
              <th scope="col">{t('catalog.caps.times')}</th>
              <th scope="col">{t('catalog.caps.check')}</th>
            </tr>
          </thead>
          <tbody>
            {prizes.map((prize, i) => (
              <tr key={`${prize.kind}-${i}`} data-testid="prize-cap-row">
                <td>{prize.name || '—'}</td>
                <td>{yen(prize.value)}</td>
                <td>{awardsUpTo(prize, size, size)}</td>
                <td>
                  <Verdict over={prize.value > report.perPrizeCap} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="packs-economics">
        <div>
          <dt>{t('catalog.caps.perPrize')}</dt>
          <dd data-testid="prize-cap-each">
            {yen(report.perPrizeCap)} ({report.perPrizeBasis === 'multiple' ? t('catalog.caps.basisMultiple') : t('catalog.caps.basisFixed')})
          </dd>
        </div>
        <div>
          <dt>{t('catalog.caps.total')}</dt>
          <dd data-testid="prize-cap-total-value">
            {yen(report.totalValue)} <Verdict over={report.overTotal} />
          </dd>
        </div>
        <div>
          <dt>{t('catalog.caps.totalCap', { sales: (price * size).toLocaleString('ja-JP') })}</dt>
          <dd data-testid="prize-cap-total">{yen(report.totalCap)}</dd>
        </div>
      </dl>
      {errors.caps && (
        <p className="admin-field-error" role="alert" data-testid="prize-cap-error">
          {errors.caps[0]}
        </p>
      )}
      {over && !isOwner && <p className="admin-notice">{t('catalog.caps.ownerOnly')}</p>}
      {over && isOwner && (
        <div className="admin-field">
          <label htmlFor="pack-cap-reason">{t('catalog.caps.reason')}</label>
          <textarea id="pack-cap-reason" rows={3} maxLength={500} value={draft.prize_cap_reason} onChange={(e) => setReason(e.target.value)} />
          {errors.reason && <p className="admin-field-error">{errors.reason[0]}</p>}
        </div>
      )}
    </fieldset>
  );
}
