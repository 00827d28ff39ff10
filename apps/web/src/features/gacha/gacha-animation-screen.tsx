import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { isRevealArrival } from '@/lib/pack-purchase.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useGachaResult } from './api/gacha-queries.ts';
import { purchaseScreenPath } from './purchase-paths.ts';
import type { RevealExit } from './reveal/reveal-machine.ts';
import { RevealStage } from './reveal/reveal-stage.tsx';
import './reveal/reveal.css';

/**
 * /gacha-animation (spec section 2): loads the purchase's result; with no cards goes to the top
 * page. Right after a purchase (the pack detail or /confirm-buy-product say so in the navigation
 * state) the reveal plays; any other arrival goes straight to the card list.
 *
 * The "just bought" mark is used once: the browser keeps navigation state across a reload and
 * back/forward, so once the reveal is shown the mark is dropped from the history entry. A reload
 * or a return through history then counts as any other arrival, while the reveal on screen goes
 * on (the decision is kept in this component's state).
 */
export function GachaAnimationScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => (isRevealArrival(location.state) ? location.state : null));
  // StrictMode runs effects twice: the entry is replaced once.
  const markDropped = useRef(false);
  const result = useGachaResult(arrival?.packHistoryId);
  useDocumentTitle(t('gacha.reveal.title'));

  const data = result.data;
  const empty = (result.isError && isNotFound(result.error)) || (data !== undefined && data.cards.length === 0);

  useEffect(() => {
    if (empty) navigate('/', { replace: true });
    else if (data && !arrival) navigate(purchaseScreenPath('/get-card-list', data.pack_history_id), { replace: true });
  }, [empty, data, arrival, navigate]);

  const showsReveal = data !== undefined && !empty && arrival !== null;
  const { pathname, search, hash } = location;
  const entryMarked = isRevealArrival(location.state);
  useEffect(() => {
    if (!showsReveal || !entryMarked || markDropped.current) return;
    markDropped.current = true;
    navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [showsReveal, entryMarked, pathname, search, hash, navigate]);

  const onExit = useCallback(
    (exit: RevealExit) => {
      if (data) navigate(purchaseScreenPath(exit, data.pack_history_id), { replace: true });
    },
    [data, navigate],
  );

  if (result.isError && !empty) {
    return (
      <div className="container page">
        <QueryFailure onRetry={() => void result.refetch()} />
      </div>
    );
  }
  if (!data || empty || !arrival) return <PageSpinner />;
  return <RevealStage result={data} onExit={onExit} />;
}
