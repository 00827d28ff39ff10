import type { AgeStatus } from '@oripa/contract/play-safety';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatNumber } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { usePlaySafety } from '@/lib/play-safety.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * My page's card of decision 037: the birth date on record (the member cannot change it), the
 * age, a minor's guardian consent and this month's cap, and the month's point purchases.
 */
export function AgeAndLimits() {
  const status = usePlaySafety();
  if (!status.data) return null;
  return <AgeAndLimitsCard status={status.data} />;
}

export function AgeAndLimitsCard({ status }: { status: AgeStatus }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const rows: [string, string, string][] = [
    ['birth-date', t('safety.status.birthDate'), status.birth_date ?? t('safety.status.notSet')],
  ];
  if (status.age !== null)
    rows.push(['age', t('safety.status.age'), t('safety.status.ageValue', { age: status.age })]);
  if (status.minor) {
    rows.push([
      'consent',
      t('safety.status.consent'),
      status.guardian_consent_at
        ? t('safety.status.consentAt', { at: formatShopDateTime(status.guardian_consent_at, lang) })
        : '—',
    ]);
  }
  rows.push([
    'spent',
    t('safety.status.spent'),
    t('safety.status.spentValue', { spent: formatNumber(status.spent_this_month) }),
  ]);
  if (status.birth_date !== null) {
    rows.push([
      'cap',
      t('safety.status.cap'),
      status.monthly_cap === null
        ? t('safety.status.noCap')
        : `${t('safety.status.capValue', { cap: formatNumber(status.monthly_cap), left: formatNumber(status.cap_left ?? 0) })} ${t('safety.status.resets', { at: formatShopDateTime(status.resets_at, lang) })}`,
    ]);
  }
  return (
    <section className="surface-card rank-card age-limits" aria-labelledby="age-limits-title" data-testid="age-limits">
      <h2 id="age-limits-title" className="age-limits__title">
        {t('safety.status.title')}
      </h2>
      <dl className="age-limits__list">
        {rows.map(([key, label, value]) => (
          <div key={key} className="age-limits__row">
            <dt>{label}</dt>
            <dd data-testid={`age-limits-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
