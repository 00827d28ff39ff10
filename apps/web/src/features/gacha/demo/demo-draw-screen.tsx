import { NUMBER_FLAG } from '@oripa/contract/constants';
import type { PurchaseResult, WonCard } from '@oripa/contract/gacha';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { CardLine } from '@/components/won-card.tsx';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { packDetailPath } from '@/lib/pack-purchase.ts';
import { usePackTrust } from '@/lib/pack-trust.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { RevealStage } from '../reveal/reveal-stage.tsx';
import '../reveal/reveal.css';
import '../gacha.css';
import { DEMO_COUNTS, demoDraw } from './demo-draw.ts';
import './demo-draw.css';
import './demo-texts.ts';

type Phase = { step: 'choose' } | { step: 'reveal' | 'result'; cards: WonCard[] };

/** The shape the reveal plays: a purchase that never was (no id, no deadline, nothing to share). */
function demoResult(packId: number, title: string, cards: WonCard[]): PurchaseResult {
  return {
    result: '',
    pack_history_id: 0,
    pack_id: packId,
    cards,
    card_type: 0,
    movie_style: 0,
    is_buy_coin: NUMBER_FLAG.no,
    title,
    created: '',
    deadline: '',
    twitter_code: '',
  };
}

/**
 * /pack-demo?packId=N (issue 28, point 7: 試しに引く): plays the reveal with cards drawn in the
 * browser from what the lot still holds (demo-draw.ts), marked as a demo on every step. It
 * writes nothing, costs nothing and needs no sign-in: the lot's live odds are public (the trust
 * panel's call).
 */
export function DemoDrawScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const packId = Number(params.get('packId'));
  const trust = usePackTrust(packId);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const toResult = useCallback(() => setPhase((p) => (p.step === 'reveal' ? { step: 'result', cards: p.cards } : p)), []);

  if (trust.isError) {
    return (
      <PageFrame title={t('demoDraw.title')}>
        <QueryFailure onRetry={() => void trust.refetch()} />
      </PageFrame>
    );
  }
  if (!trust.data) return <PageSpinner />;
  const data = trust.data;
  const packName = data.commitment.pack_name;
  const backLink = (
    <Link className="btn btn--outline" to={packDetailPath(packId)}>
      {t('demoDraw.back')}
    </Link>
  );

  if (phase.step === 'reveal') {
    return (
      <>
        <p className="demo-banner" role="status" data-testid="demo-banner">
          {t('demoDraw.banner')}
        </p>
        <RevealStage result={demoResult(packId, packName, phase.cards)} onExit={toResult} />
      </>
    );
  }

  if (phase.step === 'result') {
    return (
      <PageFrame title={t('demoDraw.resultTitle')} lead={t('demoDraw.resultLead')}>
        <p className="demo-note" data-testid="demo-note">
          {t('demoDraw.banner')}
        </p>
        <ul className="demo-cards" data-testid="demo-cards">
          {phase.cards.map((card) => (
            <li key={card.history_id}>
              <CardLine card={card} aside={<span className="demo-cards__value">{formatPoints(card.buy_point)}</span>} />
            </li>
          ))}
        </ul>
        <div className="demo-actions">
          <button type="button" className="btn btn--outline" onClick={() => setPhase({ step: 'choose' })}>
            {t('demoDraw.again')}
          </button>
          <Link className="btn btn--gold" to={packDetailPath(packId)}>
            {t('demoDraw.toPack')}
          </Link>
        </div>
      </PageFrame>
    );
  }

  const left = data.odds.remaining_total;
  return (
    <PageFrame title={t('demoDraw.title')} lead={t('demoDraw.lead')} narrow>
      <p className="demo-pack" data-testid="demo-pack">
        {packName}
      </p>
      {left > 0 ? (
        <>
          <p className="demo-note">{t('demoDraw.howItDraws', { formatted: formatNumber(left) })}</p>
          <div className="demo-actions">
            {DEMO_COUNTS.map((count) => (
              <button
                key={count}
                type="button"
                className="btn btn--gold"
                data-testid={`demo-start-${count}`}
                onClick={() => setPhase({ step: 'reveal', cards: demoDraw(data, count) })}
              >
                {t('demoDraw.start', { formatted: formatNumber(count) })}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="demo-note" role="status">
          {t('demoDraw.soldOut')}
        </p>
      )}
      <div className="demo-actions">{backLink}</div>
    </PageFrame>
  );
}
