import { PACK_FILTERS, PACK_SORTS, type PackFilter, type PackSort } from '@oripa/contract/pack-shelf';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

interface ShelfBarProps {
  sort: PackSort;
  filter: PackFilter;
  onSort: (sort: PackSort) => void;
  onFilter: (filter: PackFilter) => void;
}

/** The top page's sort select and filter chips (issue 15 item 3; sorts of spec section 9 and more). */
export function ShelfBar({ sort, filter, onSort, onFilter }: ShelfBarProps) {
  const { t } = useTranslation();
  const sortId = useId();
  return (
    <div className="shelf-bar" data-testid="shelf-bar">
      <div className="shelf-bar__sort">
        <label htmlFor={sortId}>{t('shopper.shelf.sortLabel')}</label>
        <select
          id={sortId}
          className="select"
          data-testid="shelf-sort"
          value={sort}
          onChange={(event) => onSort(event.target.value as PackSort)}
        >
          {PACK_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`shopper.shelf.sort.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="shelf-bar__filters" role="group" aria-label={t('shopper.shelf.filterLabel')}>
        {PACK_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className="shelf-chip"
            data-testid={`shelf-filter-${value}`}
            aria-pressed={value === filter}
            onClick={() => onFilter(value)}
          >
            {t(`shopper.shelf.filter.${value}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
