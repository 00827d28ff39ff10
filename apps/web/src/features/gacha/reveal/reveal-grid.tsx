import { rarityTier } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import { useMemo, type CSSProperties } from 'react';
import { wonTierName } from '@/components/won-card.tsx';
import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * The most cards the grid draws: 100 (the buy bar's largest count) fit a phone's scroll; a bigger
 * purchase shows its rarest 100 and says where the rest are (the card list, windowed).
 */
export const GRID_MAX = 100;
/** The longest the turning of all cards takes from the first to the last (their stagger). */
const STAGGER_TOTAL_MS = 1000;

/** A multi-draw's cards for the grid: rarest first (the draw's order within a rarity), at most GRID_MAX. */
export function gridCards(cards: readonly WonCard[]): WonCard[] {
  return cards
    .map((card, order) => ({ card, order }))
    .sort((a, b) => b.card.rarity - a.card.rarity || a.order - b.order)
    .slice(0, GRID_MAX)
    .map(({ card }) => card);
}

interface RevealGridProps {
  cards: readonly WonCard[];
  faceUp: boolean;
  /** prefers-reduced-motion: the faces show without turning (reveal.css, .is-calm). */
  calm: boolean;
  onTap: () => void;
}

/**
 * A multi-draw at once (issue 25): every card face down in a grid, rarest first, the rare ones
 * glowing by tier; one tap turns them all, the commons first and the rarest last.
 */
export function RevealGrid({ cards, faceUp, calm, onTap }: RevealGridProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => gridCards(cards), [cards]);
  const more = cards.length - shown.length;
  const step = Math.min(60, STAGGER_TOTAL_MS / Math.max(1, shown.length));

  return (
    // A tap anywhere on the grid is the stage's tap (the grid scrolls, so it lies above the stage's
    // tap target); keyboard users have the focused tap target and its keys.
    <div className="reveal-grid" data-testid="reveal-grid" data-side={faceUp ? 'face' : 'back'} onClick={onTap}>
      <ul className="reveal-grid__list" aria-label={t('gacha.reveal.gridLabel')}>
        {shown.map((card, index) => {
          const tier = wonTierName(card.rarity);
          const delay = calm ? 0 : Math.round((shown.length - 1 - index) * step);
          return (
            <li
              key={card.history_id}
              className={[
                'reveal-grid__item',
                'reveal-card',
                `tier-${tier}`,
                faceUp ? 'is-face' : 'is-back',
                rarityTier(card.rarity) > 0 ? 'is-rare' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              style={{ '--flip-delay': `${delay}ms` } as CSSProperties}
              data-testid="reveal-grid-card"
              data-rarity={card.rarity}
            >
              <div className="reveal-card__inner">
                <div className="reveal-card__back" aria-hidden="true" />
                <div className="reveal-card__face" aria-hidden={!faceUp}>
                  <img src={card.image} alt={faceUp ? `${card.rarity_label} ${card.name}` : ''} loading="lazy" draggable={false} />
                  <span className="reveal-card__chip">{card.rarity_label}</span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {more > 0 && faceUp && (
        <p className="reveal-grid__more" data-testid="reveal-grid-more">
          {t('gacha.reveal.gridMore', { formatted: formatNumber(more) })}
        </p>
      )}
    </div>
  );
}
