import {
  EXCHANGE_SEARCH_MAX,
  EXCHANGE_SORT,
  EXCHANGE_SORTS,
  type ExchangeSort,
} from '@oripa/contract/constants';

/**
 * What /exchange-card shows lives in its query (?tab=coin&q=…&sort=3&page=2), so the back
 * button from a coin pack's page returns to the coin-gacha tab and a reload keeps the page.
 */
export type ExchangeTab = 'card' | 'coin';

export interface ExchangeView {
  tab: ExchangeTab;
  searchText: string;
  sort: ExchangeSort;
  page: number;
}

export const DEFAULT_SORT: ExchangeSort = EXCHANGE_SORT.priceHigh;

function isSort(value: string | null): value is ExchangeSort {
  return (EXCHANGE_SORTS as readonly (string | null)[]).includes(value);
}

/** Reads the view from the query; anything unknown falls back to the first page of the card tab. */
export function readView(params: URLSearchParams): ExchangeView {
  const page = /^\d{1,6}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  const sort = params.get('sort');
  return {
    tab: params.get('tab') === 'coin' ? 'coin' : 'card',
    searchText: (params.get('q') ?? '').slice(0, EXCHANGE_SEARCH_MAX),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Math.max(1, page),
  };
}

/** The query of a view; defaults are left out so the plain /exchange-card stays plain. */
export function writeView(view: ExchangeView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab === 'coin') params.set('tab', 'coin');
  if (view.searchText) params.set('q', view.searchText);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.tab === 'card' && view.page > 1) params.set('page', String(view.page));
  return params;
}

/**
 * The spec's transitions: switching tabs and searching (a new text or a new sort) start again
 * at page 1. The search is kept across tabs: coming back from the coin gacha shows the same
 * search, from its first page.
 */
export function switchTab(view: ExchangeView, tab: ExchangeTab): ExchangeView {
  return { ...view, tab, page: 1 };
}

export function search(view: ExchangeView, searchText: string, sort: ExchangeSort): ExchangeView {
  return { ...view, tab: 'card', searchText: searchText.trim(), sort, page: 1 };
}

export function goToPage(view: ExchangeView, page: number): ExchangeView {
  return { ...view, page };
}
