import type { ExchangeCard, ExchangeListResponse } from '@oripa/contract/exchange';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { ExchangeCardTile } from './exchange-card-tile.tsx';

interface CardTabProps {
  data: ExchangeListResponse | undefined;
  /** The previous page stays shown, dimmed, while the next one loads. */
  refreshing: boolean;
  searchText: string;
  onPage: (page: number) => void;
  onExchange: (card: ExchangeCard) => void;
}

/** The card tab: a grid of exchange cards and the pager, or the spec's empty text. */
export function CardTab({ data, refreshing, searchText, onPage, onExchange }: CardTabProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="exchange-panel__title">
        {searchText ? t('exchange.search.resultFor', { text: searchText }) : t('exchange.cardsTitle')}
      </h2>
      {!data ? (
        <PageSpinner />
      ) : data.list.length === 0 ? (
        <p className="empty-note" data-testid="exchange-empty">
          {t('exchange.empty')}
        </p>
      ) : (
        <div className={refreshing ? 'is-refreshing' : undefined} aria-busy={refreshing}>
          <ul className="tile-grid exchange-grid" data-testid="exchange-list">
            {data.list.map((card) => (
              <li key={card.id}>
                <ExchangeCardTile card={card} onExchange={onExchange} />
              </li>
            ))}
          </ul>
          <Pager page={data.page} onSelect={onPage} label={t('exchange.pagerLabel')} />
        </div>
      )}
    </>
  );
}
