import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { usePageTexts } from '@/lib/page-texts.ts';
import { KeptEvidenceForm } from './kept-evidence-form.tsx';
import { lotIdFrom, MirrorUnavailable, runMirrorCheck, type KeptEvidence } from './run-mirror-check.ts';
import { VerifyOutcome } from './verify-outcome.tsx';
import { VERIFY_TEXTS } from './verify-texts.ts';
import './verify.css';
import './mirror-verify.css';

/**
 * /verify?packId=: anyone checks a lot from a mirror of the transparency log, in the browser,
 * with the standalone verifier (oripa-draw-v2, decision 028): beacon signatures, log proofs and
 * every draw. A tree head or receipt the member kept can be added.
 */
export function MirrorVerifyPage() {
  const v = usePageTexts(VERIFY_TEXTS);
  useDocumentTitle(v.title);
  const [params] = useSearchParams();
  const lotId = lotIdFrom(params.get('packId'));
  const [kept, setKept] = useState<{ round: number; evidence: KeptEvidence }>({ round: 0, evidence: {} });
  const run = useQuery({
    queryKey: ['verify-mirror', lotId, kept.round],
    queryFn: () => runMirrorCheck(lotId as number, kept.evidence),
    enabled: lotId !== null,
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof MirrorUnavailable && error.reason === 'notFound') && count < 1,
  });

  let body;
  if (params.get('packId') === null) {
    body = <AskLotId />;
  } else if (lotId === null) {
    body = (
      <p className="verify-result verify-result--bad" role="alert" data-testid="verify-bad-id">
        {v.badId}
      </p>
    );
  } else if (run.isError) {
    const notFound = run.error instanceof MirrorUnavailable && run.error.reason === 'notFound';
    body = notFound ? (
      <p className="verify-result verify-result--bad" role="alert" data-testid="verify-not-found">
        {v.notFound}
      </p>
    ) : (
      <QueryFailure message={v.loadFailed} onRetry={() => void run.refetch()} />
    );
  } else if (!run.data || run.isFetching) {
    body = (
      <div data-testid="verify-running">
        <PageSpinner />
        <p className="verify-lead">{v.running}</p>
      </div>
    );
  } else {
    body = <VerifyOutcome report={run.data} />;
  }

  return (
    <article className="container page verify-page">
      <h1 className="section-title">{v.title}</h1>
      <p className="verify-lead">{v.lead}</p>
      {body}
      {lotId !== null && <KeptEvidenceForm onSubmit={(evidence) => setKept((prev) => ({ round: prev.round + 1, evidence }))} />}
      <p className="verify-links">
        <Link to="/fairness" data-testid="verify-spec-link">
          {v.specLink}
        </Link>
        {lotId !== null && (
          <Link to={`/pack-detail?packId=${lotId}`} className="btn btn--outline">
            {v.back}
          </Link>
        )}
      </p>
    </article>
  );
}

/** /verify with no lot named (e.g. from the specification page): ask for its id. */
function AskLotId() {
  const v = usePageTexts(VERIFY_TEXTS);
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <form
      className="verify-ask"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(`/verify?packId=${encodeURIComponent(value.trim())}`);
      }}
    >
      <p>{v.askId}</p>
      <label htmlFor="verify-lot-id">{v.idLabel}</label>
      <input id="verify-lot-id" name="packId" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} data-testid="verify-lot-id" />
      <button type="submit" className="btn btn--primary">
        {v.go}
      </button>
    </form>
  );
}
