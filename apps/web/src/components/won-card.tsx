import { RARITY_TIERS, rarityTier } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import type { ReactNode } from 'react';
import type { GridLayout } from './virtual-grid.tsx';
import { columnsFor } from './virtual-range.ts';
import './won-card.css';
import { langOf } from '@/lib/text-lang.ts';

export type TierName = (typeof RARITY_TIERS)[number];

/** CSS name of the display tier of a won card's rarity 1-7 (design decision 3). */
export function wonTierName(rarity: number): TierName {
  return RARITY_TIERS[rarityTier(rarity)] ?? 'normal';
}

type CardLook = Pick<WonCard, 'image' | 'name' | 'rarity' | 'rarity_label'>;

interface CardArtProps {
  card: CardLook;
  className?: string;
  /** Decorative next to the card's name (the default), or the card's own description. */
  alt?: string;
}

/** A won card's picture with its rarity chip, framed in the colours of its tier. */
export function CardArt({ card, className, alt = '' }: CardArtProps) {
  const classes = ['card-art', `tier-${wonTierName(card.rarity)}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <img src={card.image} alt={alt} loading="lazy" decoding="async" draggable={false} />
      <span className="card-art__chip">{card.rarity_label}</span>
    </span>
  );
}

interface CardLineProps {
  card: CardLook & Pick<WonCard, 'model_number'>;
  /** What the screen says about the card: its value, its state. */
  aside?: ReactNode;
  className?: string;
}

/** A won card on one line: picture, name, rarity and model number, and an aside on the right. */
export function CardLine({ card, aside, className }: CardLineProps) {
  return (
    <div className={className ? `card-line ${className}` : 'card-line'} data-testid="card-line">
      <CardArt card={card} className="card-line__art" />
      <div className="card-line__body">
        <p className="card-line__name" lang={langOf(card.name)}>{card.name}</p>
        <p className="card-line__meta">
          <span className={`rarity-label tier-${wonTierName(card.rarity)}`}>{card.rarity_label}</span>
          {card.model_number && <span>{card.model_number}</span>}
        </p>
      </div>
      {aside !== undefined && <div className="card-line__aside">{aside}</div>}
    </div>
  );
}

/** Layout of CardLine lists in a VirtualGrid: one column on phones, up to three wider. */
export function cardLineLayout(width: number): GridLayout {
  const gap = 8;
  const columns = width < 600 ? 1 : columnsFor(width, 320, gap, 3);
  return { columns, rowHeight: 84 + gap, gap };
}
