import { CARD_STATUS, NUMBER_FLAG } from '@oripa/contract/constants';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { VirtualGrid } from '@/components/virtual-grid.tsx';
import { CardLine, cardLineLayout } from '@/components/won-card.tsx';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { packDetailPath } from '@/lib/pack-purchase.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useBuyResult } from './api/gacha-queries.ts';
import { byRarity } from './get-card-list-screen.tsx';
import { usePurchaseRef } from './purchase-paths.ts';
import { ShareWin } from './components/share-win.tsx';
import './gacha.css';

/** What the decision answered, handed to /thank-you in the navigation state. */
export interface ThankYouState {
  sendCount: number;
  reductionCount: number;
  reductionPoint: number;
  /** The cards had been decided before (answer 204 / '-1'). */
  already: boolean;
}

function isThankYouState(value: unknown): value is ThankYouState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<ThankYouState>;
  return typeof state.sendCount === 'number' && typeof state.reductionCount === 'number';
}

function DecisionSummary({ decision }: { decision: ThankYouState }) {
  const { t } = useTranslation();
  if (decision.already) {
    return <p className="thanks-summary thanks-summary--note">{t('gacha.thankYou.already')}</p>;
  }
  return (
    <dl className="thanks-summary" data-testid="thanks-summary">
      <div>
        <dt>{t('gacha.cardList.shipCount')}</dt>
        <dd>{t('gacha.cardList.cards', { count: decision.sendCount, formatted: formatNumber(decision.sendCount) })}</dd>
      </div>
      <div>
        <dt>{t('gacha.cardList.convertCount')}</dt>
        <dd>
          {t('gacha.cardList.cards', { count: decision.reductionCount, formatted: formatNumber(decision.reductionCount) })}
        </dd>
      </div>
      <div className="thanks-summary__points">
        <dt>{t('gacha.thankYou.credited')}</dt>
        <dd>{formatPoints(decision.reductionPoint)}</dd>
      </div>
    </dl>
  );
}

/**
 * /thank-you (spec section 2): the purchase is complete; shipped goods leave within 14 business
 * days (said only when something ships). A coin purchase lists its shipped cards. 'Play again'
 * returns to the pack.
 */
export function ThankYouScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = usePurchaseRef();
  const query = useBuyResult(ref);
  const decision = isThankYouState(location.state) ? location.state : null;
  const result = query.data;
  const shipped = useMemo(
    () => (result?.is_buy_coin === NUMBER_FLAG.yes ? byRarity(result.cards.filter((card) => card.status === CARD_STATUS.ship)) : []),
    [result],
  );
  // The 14-business-days sentence only when something ships (issue 15): cards the decision sent,
  // or cards of the purchase marked to ship (ship-only cards, a coin purchase).
  const ships =
    (decision !== null && !decision.already && decision.sendCount > 0) ||
    (result?.cards.some((card) => card.status === CARD_STATUS.ship) ?? false);

  return (
    <PageFrame title={t('gacha.thankYou.title')} narrow>
      <section className="thanks" data-testid="thanks">
        <div className="thanks__mark" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56" focusable="false">
            <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.16" />
            <path d="M14 25l7 7 14-15" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <p className="thanks__lead">{t('gacha.thankYou.complete')}</p>
        {ships && (
          <p className="thanks__shipping" data-testid="shipping-note">
            {t('gacha.thankYou.shipping')}
          </p>
        )}
        {decision && <DecisionSummary decision={decision} />}
        {result && result.is_buy_coin === NUMBER_FLAG.yes && <p className="thanks__coin">{t('gacha.thankYou.coinNote')}</p>}
      </section>

      {result && <ShareWin result={result} />}
      {query.isPending && <PageSpinner />}

      {shipped.length > 0 && (
        <section className="decide-group" data-testid="coin-shipped">
          <h2 className="decide-group__title">
            {t('gacha.thankYou.shippedTitle')}
            <span className="decide-group__count">
              {t('gacha.cardList.cards', { count: shipped.length, formatted: formatNumber(shipped.length) })}
            </span>
          </h2>
          <VirtualGrid
            items={shipped}
            getKey={(card) => card.history_id}
            layout={cardLineLayout}
            label={t('gacha.thankYou.shippedTitle')}
            renderItem={(card) => <CardLine card={card} aside={t('gacha.card.ship')} />}
          />
        </section>
      )}

      <div className="button-row thanks__actions">
        {result && (
          <Link to={packDetailPath(result.pack_id)} className="btn btn--spin thanks__again" data-testid="play-again">
            {t('gacha.thankYou.playAgain')}
          </Link>
        )}
        <Link to="/" className="btn btn--outline" data-testid="to-top">
          {t('gacha.thankYou.toTop')}
        </Link>
        <Link to="/buy-product-history" className="btn btn--outline">
          {t('gacha.thankYou.history')}
        </Link>
      </div>
    </PageFrame>
  );
}
