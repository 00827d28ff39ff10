import { verifyLot, type VerifyOutcome } from '@oripa/contract/lot-verify';
import type { DrawLog, DrawLogEntry, PackTrust } from '@oripa/contract/trust';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { getOk } from '@/lib/api-query.ts';
import { useDocumentTitle } from '@/lib/document-title.ts';
import './verify.css';

/** Reads a lot's public data and recomputes it here, in the browser, with Web Crypto. */
async function verifyInBrowser(packId: string): Promise<{ trust: PackTrust; outcome: VerifyOutcome }> {
  const trust = await getOk<PackTrust>(`/user/pack/trust/${packId}`);
  const draws: DrawLogEntry[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const log = await getOk<DrawLog>(`/user/pack/draws/${packId}/${page}`);
    draws.push(...log.list);
    pages = log.page.all_page;
  }
  return { trust, outcome: await verifyLot(trust.commitment, draws) };
}

/** /verify?packId=: anyone checks a revealed lot against its commitment and draw history. */
export function VerifyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('trust.verify.title'));
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const run = useQuery({
    queryKey: ['verify', packId],
    queryFn: () => verifyInBrowser(packId),
    enabled: /^[1-9][0-9]*$/.test(packId),
    staleTime: Infinity,
  });

  let result;
  if (run.isError) result = <QueryFailure onRetry={() => void run.refetch()} />;
  else if (!run.data) result = <PageSpinner />;
  else {
    const { outcome, trust } = run.data;
    const text = outcome.consistent
      ? t('trust.verify.consistent', { draws: outcome.draws })
      : outcome.problem === 'not_revealed'
        ? t('trust.verify.notRevealed')
        : t('trust.verify.mismatch', {
            where: outcome.draw_number === null ? t('trust.verify.whole') : t('trust.verify.draw', { n: outcome.draw_number }),
            expected: outcome.expected,
            found: outcome.found,
          });
    result = (
      <>
        <h2 className="section-title">{trust.commitment.pack_name}</h2>
        <p className="verify-hash">SHA-256: {trust.commitment.seed_hash}</p>
        <p className="verify-hash">seed: {trust.commitment.seed}</p>
        <p
          className={outcome.consistent ? 'verify-result verify-result--ok' : 'verify-result verify-result--bad'}
          role="status"
          data-testid="verify-result"
        >
          {text}
        </p>
      </>
    );
  }

  return (
    <article className="container page verify-page">
      <h1 className="section-title">{t('trust.verify.title')}</h1>
      <p className="verify-lead">{t('trust.verify.lead')}</p>
      {result}
      <Link to={`/pack-detail?packId=${packId}`} className="btn btn--outline">
        {t('trust.verify.back')}
      </Link>
    </article>
  );
}
