import { ACTION_TYPE } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import { useEffect, useRef } from 'react';
import { wonTierName } from '@/components/won-card.tsx';
import { formatPoints } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { PrizeKindBadge } from '../components/prize-kind-badge.tsx';
import { langOf } from '@/lib/text-lang.ts';

interface RevealCardProps {
  card: WonCard;
  /** 'back' during the pause, 'flipping' while it turns, 'face' once shown. */
  side: 'back' | 'flipping' | 'face';
  /** The face was asked for by a tap: no turning animation. */
  instant: boolean;
  showValue: boolean;
  /** prefers-reduced-motion: the face fades in instead of turning. */
  calm: boolean;
}

const CALM_FADE_MS = 300;

/** One card of the reveal: its back, the flip, then its face with name, rarity and value. */
export function RevealCard({ card, side, instant, showValue, calm }: RevealCardProps) {
  const { t } = useTranslation();
  const faceRef = useRef<HTMLDivElement>(null);

  // A fade through the Web Animations API: the stylesheet turns CSS motion off under reduce.
  useEffect(() => {
    const face = faceRef.current;
    if (!calm || instant || side !== 'face' || !face || typeof face.animate !== 'function') return;
    face.animate([{ opacity: 0 }, { opacity: 1 }], { duration: CALM_FADE_MS, easing: 'ease-out' });
  }, [calm, instant, side]);

  const tier = wonTierName(card.rarity);
  const classes = ['reveal-card', `tier-${tier}`, `is-${side}`, instant ? 'is-instant' : ''].filter(Boolean);

  return (
    <div className="reveal-card-wrap">
      <div className={classes.join(' ')} data-testid="reveal-card" data-side={side}>
        <div className="reveal-card__inner">
          <div className="reveal-card__back" aria-hidden="true">
            <span className="reveal-card__emblem">ORIPA</span>
          </div>
          <div ref={faceRef} className="reveal-card__face">
            <img src={card.image} alt={side === 'face' ? card.name : ''} draggable={false} />
            <span className="reveal-card__chip">{card.rarity_label}</span>
            <span className="reveal-card__shine" aria-hidden="true" />
          </div>
        </div>
      </div>
      <div className={side === 'face' ? 'reveal-info is-shown' : 'reveal-info'} aria-hidden={side !== 'face'}>
        <PrizeKindBadge card={card} className="reveal-info__kind" />
        <p className={`reveal-info__rarity tier-${tier}`}>{card.rarity_label}</p>
        <p className="reveal-info__name" lang={langOf(card.name)}>{card.name}</p>
        <p className="reveal-info__meta">
          {card.model_number && <span>{card.model_number}</span>}
          {showValue && card.action_type === ACTION_TYPE.choose && (
            <span>{t('gacha.reveal.value', { points: formatPoints(card.buy_point) })}</span>
          )}
          {card.action_type === ACTION_TYPE.shipOnly && <span>{t('gacha.card.shipOnly')}</span>}
        </p>
      </div>
    </div>
  );
}
