import type { LotReport } from '@oripa/verifier/report';
import { fill, usePageTexts } from '@/lib/page-texts.ts';
import { VERIFY_TEXTS } from './verify-texts.ts';

/** The verifier's report in the reader's language: the verdict first, then what was checked. */
export function VerifyOutcome({ report }: { report: LotReport }) {
  const v = usePageTexts(VERIFY_TEXTS);
  const failure = report.failure;
  const title = failure ? fill(v.kinds[failure.kind], { pack: failure.pack ?? '?' }) : '';
  const receipt = report.receipt;
  return (
    <section aria-labelledby="verify-verdict">
      <div className={failure ? 'verify-result verify-result--bad' : 'verify-result verify-result--ok'} role="status" data-testid="verify-result" data-kind={failure?.kind ?? 'ok'}>
        <p id="verify-verdict">{failure ? fill(v.failed, { title }) : v.ok}</p>
        {failure ? (
          <p className="verify-detail" data-testid="verify-failure-detail">
            {failure.message}
          </p>
        ) : (
          <p className="verify-detail">
            {report.revealed
              ? fill(v.okRevealed, { packs: report.packs.length })
              : fill(v.okPending, { draws: report.draws_checked })}
          </p>
        )}
      </div>
      {report.beacon && !report.beacon.independent && (
        <p className="verify-warning" data-testid="verify-local-beacon">
          {v.facts.local}
        </p>
      )}
      <h2 className="verify-subtitle">{v.details}</h2>
      <dl className="verify-facts" data-testid="verify-facts">
        <dt>{v.facts.tree}</dt>
        <dd>{fill(v.facts.treeValue, { size: report.tree_size, heads: report.heads_checked })}</dd>
        {report.beacon && (
          <>
            <dt>{v.facts.beacon}</dt>
            <dd>{report.beacon.independent ? v.facts.independent : v.facts.local}</dd>
          </>
        )}
        {report.total !== null && (
          <>
            <dt>{v.facts.sold}</dt>
            <dd>{fill(v.facts.soldValue, { sold: report.packs_sold, total: report.total, purchases: report.purchases })}</dd>
            <dt>{v.facts.images}</dt>
            <dd>{fill(v.facts.imagesValue, { checked: report.images_checked, missing: report.images_missing.length })}</dd>
          </>
        )}
      </dl>
      {report.earlier_head_checked && !failure && <p className="verify-kept-ok" data-testid="verify-earlier-ok">{v.facts.earlier}</p>}
      {receipt && !failure && (
        <p className="verify-kept-ok" data-testid="verify-receipt-ok">
          {fill(v.facts.receipt, { seq: receipt.seq, from: receipt.first_pack, to: receipt.first_pack + receipt.count - 1 })}
          {receipt.prizes && ` ${fill(v.facts.receiptPrizes, { prizes: receipt.prizes.join(', ') })}`}
        </p>
      )}
    </section>
  );
}
