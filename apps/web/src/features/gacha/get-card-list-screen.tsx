import { CARD_STATUS } from '@oripa/contract/constants';
import type { PurchaseResult, WonCard } from '@oripa/contract/gacha';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { VirtualGrid } from '@/components/virtual-grid.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { shopTimeText } from '@/lib/dates.ts';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useBuyResult } from './api/gacha-queries.ts';
import {
  encodeIds,
  isLocked,
  isShipped,
  keepChoosable,
  parseIds,
  selectAll,
  shippedIds,
  summarize,
  toggleCard,
} from './card-list/selection.ts';
import { pickLayout } from './components/card-layouts.ts';
import { DeadlineNotice } from './components/deadline-notice.tsx';
import { PickCard } from './components/pick-card.tsx';
import { purchaseScreenPath, usePurchaseRef } from './purchase-paths.ts';
import { ShareWin } from './components/share-win.tsx';
import './gacha.css';
import { langOf } from '@/lib/text-lang.ts';

/** Query name of the ids chosen for shipping (spec: /confirm-get-card-list). */
export const SELECTED_PARAM = 'selectedCardHistoryIds';

/** Best cards first; cards of a rarity in the order they were drawn. */
export function byRarity(cards: readonly WonCard[]): WonCard[] {
  return [...cards].sort((a, b) => b.rarity - a.rarity || a.history_id - b.history_id);
}

/**
 * Redirects to the top page when a purchase result has no cards (spec section 2); true while
 * that is the case so the screen renders nothing in the meantime.
 */
export function useLeaveWhenEmpty(query: { data?: PurchaseResult; isError: boolean; error: unknown }): boolean {
  const navigate = useNavigate();
  const empty =
    (query.isError && isNotFound(query.error)) || (query.data !== undefined && query.data.cards.length === 0);
  useEffect(() => {
    if (empty) navigate('/', { replace: true });
  }, [empty, navigate]);
  return empty;
}

function CardChoice({ result, initial }: { result: PurchaseResult; initial: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useMemo(() => byRarity(result.cards), [result.cards]);
  const [selected, setSelected] = useState<Set<number>>(() => keepChoosable(cards, initial));
  const summary = useMemo(() => summarize(cards, selected), [cards, selected]);
  const choosable = useMemo(() => cards.filter((card) => !isLocked(card)).length, [cards]);
  const onToggle = useCallback((card: WonCard) => setSelected((current) => toggleCard(current, card)), []);
  const allDecided = choosable === 0 && cards.every((card) => card.status !== CARD_STATUS.undecided);

  const confirm = () => {
    if (allDecided) {
      navigate(purchaseScreenPath('/thank-you', result.pack_history_id));
      return;
    }
    navigate(
      purchaseScreenPath('/confirm-get-card-list', result.pack_history_id, {
        [SELECTED_PARAM]: encodeIds(shippedIds(cards, selected)),
      }),
    );
  };

  return (
    <>
      <section className="choice-head">
        <div className="choice-head__pack">
          <p className="choice-head__title" lang={langOf(result.title)}>{result.title}</p>
          <p className="choice-head__date">{t('gacha.cardList.bought', { date: shopTimeText(result.created, currentLang()) })}</p>
        </div>
        {result.deadline && !allDecided && <DeadlineNotice deadline={result.deadline} />}
        {allDecided && <p className="choice-note">{t('gacha.cardList.coinNote')}</p>}
      </section>
      <ShareWin result={result} />

      {!allDecided && (
        <div className="choice-tools" role="group" aria-label={t('gacha.cardList.toolsLabel')}>
          <p className="choice-tools__hint">{t('gacha.cardList.hint')}</p>
          <div className="choice-tools__buttons">
            <button
              type="button"
              className="btn btn--outline btn--small"
              data-testid="select-all"
              disabled={choosable === 0}
              onClick={() => setSelected(selectAll(cards))}
            >
              {t('gacha.cardList.selectAll')}
            </button>
            <button
              type="button"
              className="btn btn--outline btn--small"
              data-testid="select-none"
              disabled={selected.size === 0}
              onClick={() => setSelected(new Set())}
            >
              {t('gacha.cardList.clear')}
            </button>
          </div>
        </div>
      )}

      <VirtualGrid
        items={cards}
        getKey={(card) => card.history_id}
        layout={pickLayout}
        label={t('gacha.cardList.listLabel', { count: cards.length })}
        className="choice-grid"
        testId="card-choice"
        renderItem={(card) => (
          <PickCard
            card={card}
            shipped={isShipped(card, selected)}
            locked={isLocked(card)}
            onToggle={onToggle}
          />
        )}
      />

      <div className="choice-bar" data-testid="choice-bar">
        <dl className="choice-bar__sum">
          <div>
            <dt>{t('gacha.cardList.shipCount')}</dt>
            <dd data-testid="ship-count">{t('gacha.cardList.cards', { count: summary.ship, formatted: formatNumber(summary.ship) })}</dd>
          </div>
          <div>
            <dt>{t('gacha.cardList.convertCount')}</dt>
            <dd data-testid="convert-count">
              {t('gacha.cardList.cards', { count: summary.convert, formatted: formatNumber(summary.convert) })}
            </dd>
          </div>
          <div className="choice-bar__points">
            <dt>{t('gacha.cardList.convertPoints')}</dt>
            <dd data-testid="convert-points">{formatPoints(summary.convertPoints)}</dd>
          </div>
        </dl>
        <button type="button" className="btn btn--gold choice-bar__go" data-testid="to-confirm" onClick={confirm}>
          {allDecided ? t('gacha.cardList.toThanks') : t('gacha.cardList.toConfirm')}
        </button>
      </div>
    </>
  );
}

/**
 * /get-card-list (spec section 2): the cards of a purchase still waiting for the member's
 * choice (the session's latest, or ?packHistoryId= from the history), chosen for shipping or
 * left to be converted to points.
 */
export function GetCardListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = usePurchaseRef();
  const query = useBuyResult(ref);
  const empty = useLeaveWhenEmpty(query);
  const initial = useMemo(() => parseIds(params.get(SELECTED_PARAM)), [params]);

  let content;
  if (query.isError && !empty) content = <QueryFailure onRetry={() => void query.refetch()} />;
  else if (!query.data || empty) content = <PageSpinner />;
  else content = <CardChoice key={query.data.pack_history_id} result={query.data} initial={initial} />;

  return (
    <PageFrame title={t('gacha.cardList.title')} lead={t('gacha.cardList.lead')}>
      {content}
      <p className="choice-foot">
        <Link to="/buy-product-history">{t('gacha.cardList.history')}</Link>
      </p>
    </PageFrame>
  );
}
