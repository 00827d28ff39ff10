import type { ExchangeCard } from '@oripa/contract/exchange';
import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { CoinPrice } from './coin-price.tsx';
import { langOf } from '@/lib/text-lang.ts';

interface ExchangeCardTileProps {
  card: ExchangeCard;
  onExchange: (card: ExchangeCard) => void;
}

/**
 * A card of the exchange shop: image, series and name, model number, rarity, coin cost, stock
 * and the exchange button. A card without stock says so and its button cannot be pressed.
 */
export function ExchangeCardTile({ card, onExchange }: ExchangeCardTileProps) {
  const { t } = useTranslation();
  const soldOut = card.stock <= 0;

  return (
    <article
      className={soldOut ? 'surface-card exchange-card is-sold-out' : 'surface-card exchange-card'}
      data-testid="exchange-card"
      data-card-id={card.id}
      aria-labelledby={`exchange-card-${card.id}`}
    >
      <div className="exchange-card__media">
        {card.image ? (
          <img src={card.image} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className="exchange-card__noimage" aria-hidden="true" />
        )}
        {card.rarity_label && <span className="exchange-card__rarity">{card.rarity_label}</span>}
        {soldOut && (
          <span className="veil exchange-card__sold-out" aria-hidden="true">
            {t('exchange.card.soldOut')}
          </span>
        )}
      </div>
      <div className="exchange-card__body">
        {card.card_name && <p className="exchange-card__series" lang={langOf(card.card_name)}>{card.card_name}</p>}
        <h3 id={`exchange-card-${card.id}`} className="exchange-card__name" data-testid="exchange-card-name" lang={langOf(card.name)}>
          {card.name}
        </h3>
        <dl className="exchange-card__facts">
          {card.model_number && (
            <div>
              <dt>{t('exchange.card.model')}</dt>
              <dd>{card.model_number}</dd>
            </div>
          )}
          <div>
            <dt>{t('exchange.card.rarity')}</dt>
            <dd>{card.rarity_label || '—'}</dd>
          </div>
          {card.limit_per_member > 0 && (
            <div>
              <dt>{t('exchange.card.limit')}</dt>
              <dd data-testid="exchange-card-limit">
                {t('exchange.card.limitValue', { limit: formatNumber(card.limit_per_member) })}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('exchange.card.stock')}</dt>
            <dd data-testid="exchange-card-stock" className={soldOut ? 'is-empty' : undefined}>
              {soldOut
                ? t('exchange.card.soldOut')
                : t('exchange.card.stockValue', { formatted: formatNumber(card.stock) })}
            </dd>
          </div>
        </dl>
        <div className="exchange-card__foot">
          <span className="visually-hidden">{t('exchange.card.cost')}</span>
          <CoinPrice amount={card.sub_coin} className="exchange-card__cost" />
          <button
            type="button"
            className={
              soldOut
                ? 'btn btn--small exchange-card__button'
                : 'btn btn--gold btn--small exchange-card__button'
            }
            disabled={soldOut}
            aria-label={
              soldOut
                ? t('exchange.card.soldOutNamed', { name: card.name })
                : t('exchange.card.exchangeNamed', { name: card.name })
            }
            data-testid="exchange-button"
            onClick={() => onExchange(card)}
          >
            {soldOut ? t('exchange.card.soldOut') : t('exchange.card.exchange')}
          </button>
        </div>
      </div>
    </article>
  );
}
