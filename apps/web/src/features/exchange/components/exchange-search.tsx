import { EXCHANGE_SEARCH_MAX, EXCHANGE_SORT, type ExchangeSort } from '@oripa/contract/constants';
import { useId, useState } from 'react';
import { SearchIcon } from '@/components/icons.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

/** The four sorts of spec section 9, in the order the select offers them. */
const SORT_OPTIONS = [
  { value: EXCHANGE_SORT.priceHigh, label: 'exchange.sort.highPrice' },
  { value: EXCHANGE_SORT.priceLow, label: 'exchange.sort.lowPrice' },
  { value: EXCHANGE_SORT.stockMost, label: 'exchange.sort.mostStock' },
  { value: EXCHANGE_SORT.stockLeast, label: 'exchange.sort.leastStock' },
] as const;

interface ExchangeSearchProps {
  searchText: string;
  sort: ExchangeSort;
  /** A new search: the text as typed (or the one applied, when only the sort changed). */
  onSearch: (searchText: string, sort: ExchangeSort) => void;
}

/**
 * The exchange shop's search area: a card-name search and the sort. A new sort applies at once
 * with the search already applied; the text applies on submit (the Enter key or the button).
 */
export function ExchangeSearch({ searchText, sort, onSearch }: ExchangeSearchProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(searchText);
  const [shown, setShown] = useState(searchText);
  const inputId = useId();
  const sortId = useId();

  // The applied text changes from outside too (back button, clear): the field follows it.
  if (shown !== searchText) {
    setShown(searchText);
    setDraft(searchText);
  }

  return (
    <form
      className="exchange-search"
      role="search"
      aria-label={t('exchange.search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft, sort);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('exchange.search.label')}
      </label>
      <div className="exchange-search__field">
        <SearchIcon className="exchange-search__icon" />
        <input
          id={inputId}
          type="search"
          className="exchange-search__input"
          value={draft}
          maxLength={EXCHANGE_SEARCH_MAX}
          placeholder={t('exchange.search.placeholder')}
          enterKeyHint="search"
          onChange={(event) => setDraft(event.target.value)}
          data-testid="exchange-search-input"
        />
        <button type="submit" className="btn btn--dark btn--small" data-testid="exchange-search-button">
          {t('exchange.search.button')}
        </button>
      </div>
      <div className="exchange-search__sort">
        <label htmlFor={sortId}>{t('exchange.search.sortLabel')}</label>
        <select
          id={sortId}
          className="select"
          value={sort}
          onChange={(event) => onSearch(searchText, event.target.value as ExchangeSort)}
          data-testid="exchange-sort"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
