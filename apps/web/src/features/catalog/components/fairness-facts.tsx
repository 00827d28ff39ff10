import type { PackTrust } from '@oripa/contract/trust';
import { formatShopDateTime } from '@/lib/dates.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * An oripa-draw-v2 lot's trust facts (decision 027): algorithm, commitment hash, the beacon and
 * whether it is independent (a plain warning for the shop's own beacon), the newest signed log
 * head and the reveal deadline. Nothing for lots committed under v1.
 */
export function FairnessFacts({ trust }: { trust: PackTrust }) {
  const { t } = useTranslation();
  const f = trust.fairness;
  if (!f) return null;
  return (
    <section className="trust-section" aria-labelledby="trust-fairness" data-testid="trust-fairness">
      <h2 id="trust-fairness" className="section-title">
        {t('trust.fairness.title')}
      </h2>
      <p className="trust-lead">{t('trust.fairness.lead')}</p>
      {!f.beacon.independent && (
        <p className="trust-warning" role="note" data-testid="beacon-warning">
          {t('trust.fairness.notIndependent')}
        </p>
      )}
      <dl className="trust-facts">
        <dt>{t('trust.fairness.algorithm')}</dt>
        <dd>{f.algorithm}</dd>
        <dt>{t('trust.fairness.commitmentHash')}</dt>
        <dd className="trust-hash" data-testid="commitment-hash">
          {f.commitment_hash}
        </dd>
        <dt>{t('trust.fairness.beacon')}</dt>
        <dd className="trust-hash">
          {f.beacon.independent ? t('trust.fairness.independent') : f.beacon.chain_hash}
        </dd>
        <dt>{t('trust.fairness.logHead')}</dt>
        <dd className="trust-hash" data-testid="log-head">
          {f.log_head ? t('trust.fairness.logHeadValue', { size: f.log_head.tree_size, root: f.log_head.root_hash }) : t('trust.fairness.noHead')}
        </dd>
        <dt>{t('trust.fairness.revealDeadline')}</dt>
        <dd>{f.reveal_deadline ? formatShopDateTime(f.reveal_deadline, currentLang()) : ''}</dd>
      </dl>
    </section>
  );
}
