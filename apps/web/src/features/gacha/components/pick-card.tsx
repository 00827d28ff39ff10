import { ACTION_TYPE } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import { CardArt, wonTierName } from '@/components/won-card.tsx';
import { formatPoints } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { PrizeKindBadge } from './prize-kind-badge.tsx';
import { langOf } from '@/lib/text-lang.ts';

interface PickCardProps {
  card: WonCard;
  shipped: boolean;
  /** Ship-only or already decided: shown, not toggled. */
  locked: boolean;
  onToggle: (card: WonCard) => void;
}

/**
 * A won card in the card choice: the whole card is the switch between shipping and converting
 * (a checkbox, "ship" when checked); ship-only cards show their lock instead.
 */
export function PickCard({ card, shipped, locked, onToggle }: PickCardProps) {
  const { t } = useTranslation();
  const classes = ['pick-card', shipped ? 'is-ship' : 'is-convert', locked ? 'is-locked' : ''].filter(Boolean);
  const lockText = card.action_type === ACTION_TYPE.shipOnly ? t('gacha.card.shipOnly') : t('gacha.card.shipDecided');

  return (
    <label className={classes.join(' ')} data-testid="pick-card" data-id={card.history_id}>
      <CardArt card={card} className="pick-card__art" />
      <span className="pick-card__body">
        <span className="pick-card__name clamp-2" lang={langOf(card.name)}>{card.name}</span>
        <span className="pick-card__meta">
          <PrizeKindBadge card={card} />
          <span className={`rarity-label tier-${wonTierName(card.rarity)}`}>{card.rarity_label}</span>
          {card.model_number && <span className="pick-card__model">{card.model_number}</span>}
        </span>
        {/* A card that cannot be converted has no conversion value worth showing. */}
        {!locked && (
          <span className="pick-card__value">
            {t('gacha.card.value')}
            <strong>{formatPoints(card.buy_point)}</strong>
          </span>
        )}
      </span>
      <span className="pick-card__choice">
        <input
          type="checkbox"
          className="switch"
          checked={shipped}
          disabled={locked}
          onChange={() => onToggle(card)}
          aria-label={t('gacha.card.shipThis', { name: card.name })}
        />
        <span className="pick-card__state">
          {locked ? lockText : shipped ? t('gacha.card.ship') : t('gacha.card.convert')}
        </span>
      </span>
    </label>
  );
}
