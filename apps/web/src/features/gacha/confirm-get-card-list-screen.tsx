import { ACTION_TYPE, CARD_STATUS } from '@oripa/contract/constants';
import type { PurchaseResult, WonCard } from '@oripa/contract/gacha';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { VirtualGrid } from '@/components/virtual-grid.tsx';
import { CardLine, cardLineLayout } from '@/components/won-card.tsx';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { postDecision, refreshAfterDecision, useBuyResult } from './api/gacha-queries.ts';
import { ShipTo } from './components/ship-to.tsx';
import { decisionPayload, encodeIds, keepChoosable, parseIds } from './card-list/selection.ts';
import { byRarity, SELECTED_PARAM, useLeaveWhenEmpty } from './get-card-list-screen.tsx';
import { purchaseScreenPath, usePurchaseRef } from './purchase-paths.ts';
import type { ThankYouState } from './thank-you-screen.tsx';
import './gacha.css';

interface DecisionViewProps {
  result: PurchaseResult;
  selected: ReadonlySet<number>;
  onReload: () => void;
}

function CardGroup({ title, cards, aside, testId }: { title: string; cards: WonCard[]; aside: (card: WonCard) => string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="decide-group" data-testid={testId}>
      <h2 className="decide-group__title">
        {title}
        <span className="decide-group__count">{t('gacha.cardList.cards', { count: cards.length, formatted: formatNumber(cards.length) })}</span>
      </h2>
      {cards.length === 0 ? (
        <p className="empty-note">{t('gacha.confirmCards.none')}</p>
      ) : (
        <VirtualGrid
          items={cards}
          getKey={(card) => card.history_id}
          layout={cardLineLayout}
          label={title}
          renderItem={(card) => <CardLine card={card} aside={aside(card)} />}
        />
      )}
    </section>
  );
}

function DecisionView({ result, selected, onReload }: DecisionViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const cards = useMemo(() => byRarity(result.cards), [result.cards]);
  const payload = useMemo(() => decisionPayload(cards, selected), [cards, selected]);
  const { ship, convert, points } = useMemo(() => {
    const send = new Set(payload.send_card);
    const shipList = cards.filter((card) => card.status === CARD_STATUS.ship || send.has(card.history_id));
    const convertList = cards.filter((card) => card.status === CARD_STATUS.undecided && !send.has(card.history_id));
    return { ship: shipList, convert: convertList, points: convertList.reduce((sum, card) => sum + card.buy_point, 0) };
  }, [cards, payload]);
  const backPath = purchaseScreenPath('/get-card-list', result.pack_history_id, {
    [SELECTED_PARAM]: encodeIds(payload.send_card),
  });

  const decide = async () => {
    if (busy.current) return;
    if (payload.send_card.length + payload.reduction_card.length === 0) {
      // Nothing waits for a decision (a coin purchase ships everything by itself).
      navigate(purchaseScreenPath('/thank-you', result.pack_history_id), { replace: true });
      return;
    }
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      const outcome = await withLoading(async () => {
        const answer = await postDecision(payload);
        if (answer.kind === 'done') await refreshAfterDecision(queryClient);
        return answer;
      });
      if (outcome.kind === 'done') {
        const state: ThankYouState = {
          sendCount: outcome.sendCount,
          reductionCount: outcome.reductionCount,
          reductionPoint: outcome.reductionPoint,
          already: outcome.already,
        };
        navigate(purchaseScreenPath('/thank-you', result.pack_history_id), { replace: true, state });
        return;
      }
      if (outcome.kind === 'login') {
        navigate('/login');
        return;
      }
      setError(outcome.message ?? t('gacha.confirmCards.failed'));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <>
      <dl className="decide-summary" data-testid="decide-summary">
        <div>
          <dt>{t('gacha.cardList.shipCount')}</dt>
          <dd>{t('gacha.cardList.cards', { count: ship.length, formatted: formatNumber(ship.length) })}</dd>
        </div>
        <div>
          <dt>{t('gacha.cardList.convertCount')}</dt>
          <dd>{t('gacha.cardList.cards', { count: convert.length, formatted: formatNumber(convert.length) })}</dd>
        </div>
        <div className="decide-summary__points">
          <dt>{t('gacha.confirmCards.pointsTotal')}</dt>
          <dd data-testid="decide-points">{formatPoints(points)}</dd>
        </div>
      </dl>

      {ship.length > 0 && <ShipTo />}

      {error && (
        <div className="decide-error" role="alert" data-testid="decide-error">
          <p>{error}</p>
          <button type="button" className="btn btn--outline btn--small" onClick={onReload}>
            {t('gacha.confirmCards.reload')}
          </button>
        </div>
      )}

      <CardGroup
        title={t('gacha.confirmCards.shipTitle')}
        cards={ship}
        testId="ship-group"
        aside={(card) => (card.action_type === ACTION_TYPE.shipOnly ? t('gacha.card.shipOnly') : t('gacha.card.ship'))}
      />
      <CardGroup
        title={t('gacha.confirmCards.convertTitle')}
        cards={convert}
        testId="convert-group"
        aside={(card) => `+${formatPoints(card.buy_point)}`}
      />

      <div className="choice-bar choice-bar--decide">
        <Link to={backPath} className="btn btn--outline choice-bar__back" data-testid="back-to-list">
          {t('gacha.confirmCards.back')}
        </Link>
        <button
          type="button"
          className="btn btn--gold choice-bar__go"
          data-testid="decide"
          disabled={sending}
          onClick={() => void decide()}
        >
          {t('gacha.confirmCards.decide')}
        </button>
      </div>
    </>
  );
}

/**
 * /confirm-get-card-list?selectedCardHistoryIds= (spec section 2): the final check of which
 * cards ship (the chosen ones and every ship-only card) and which become points, then the
 * decision.
 */
export function ConfirmGetCardListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = usePurchaseRef();
  const query = useBuyResult(ref);
  const empty = useLeaveWhenEmpty(query);
  const chosen = useMemo(() => parseIds(params.get(SELECTED_PARAM)), [params]);
  const selected = useMemo(() => (query.data ? keepChoosable(query.data.cards, chosen) : new Set<number>()), [query.data, chosen]);

  let content;
  if (query.isError && !empty) content = <QueryFailure onRetry={() => void query.refetch()} />;
  else if (!query.data || empty) content = <PageSpinner />;
  else content = <DecisionView result={query.data} selected={selected} onReload={() => void query.refetch()} />;

  return (
    <PageFrame title={t('gacha.confirmCards.title')} lead={t('gacha.confirmCards.lead')}>
      {content}
    </PageFrame>
  );
}
