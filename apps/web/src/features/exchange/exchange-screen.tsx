import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { useExchangeCards } from './api/exchange-calls.ts';
import { CardTab } from './components/card-tab.tsx';
import { CoinGachaTab } from './components/coin-gacha-tab.tsx';
import { ExchangeModals } from './components/exchange-modals.tsx';
import { ExchangeSearch } from './components/exchange-search.tsx';
import { useExchangeFlow } from './exchange-flow.ts';
import {
  goToPage,
  readView,
  search,
  switchTab,
  writeView,
  type ExchangeTab,
  type ExchangeView,
} from './exchange-params.ts';
import './exchange.css';

const TABS: { id: ExchangeTab; label: 'exchange.tabs.card' | 'exchange.tabs.coinGacha' }[] = [
  { id: 'card', label: 'exchange.tabs.card' },
  { id: 'coin', label: 'exchange.tabs.coinGacha' },
];

/**
 * /exchange-card (spec sections 2 and 4): the search area, the card tab (type '2', paged) and
 * the coin-gacha tab (coin packs), and the exchange of a card through its three dialogs.
 */
export function ExchangeCardScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const flow = useExchangeFlow();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The coin-gacha tab shows no card list, so it asks for none.
  const cards = useExchangeCards(view, view.tab === 'card');

  const show = (next: ExchangeView, replace = false) => setParams(writeView(next), { replace });

  // Arrow keys move between the two tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    show(switchTab(view, tab.id));
    tabRefs.current[next]?.focus();
  };

  return (
    <PageFrame title={t('exchange.title')} lead={t('exchange.lead')}>
      {/* The search and sort are the card list's: the coin-gacha tab has neither (they did nothing there). */}
      {view.tab === 'card' && (
        <ExchangeSearch
          searchText={view.searchText}
          sort={view.sort}
          onSearch={(text, sort) => show(search(view, text, sort))}
        />
      )}

      <div className="exchange-tabs" role="tablist" aria-label={t('exchange.tabsLabel')}>
        {TABS.map((tab, index) => {
          const selected = view.tab === tab.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`exchange-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls="exchange-panel"
              tabIndex={selected ? 0 : -1}
              className={selected ? 'exchange-tab is-active' : 'exchange-tab'}
              onClick={() => {
                if (!selected) show(switchTab(view, tab.id));
              }}
              onKeyDown={(event) => onTabKey(event, index)}
              data-testid={`exchange-tab-${tab.id}`}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>

      <section
        id="exchange-panel"
        role="tabpanel"
        aria-labelledby={`exchange-tab-${view.tab}`}
        className="exchange-panel"
      >
        {view.tab === 'coin' ? (
          <CoinGachaTab />
        ) : cards.isError ? (
          <QueryFailure onRetry={() => void cards.refetch()} />
        ) : (
          <CardTab
            data={cards.data}
            refreshing={cards.isPlaceholderData}
            searchText={view.searchText}
            onPage={(page) => show(goToPage(view, page))}
            onExchange={flow.start}
          />
        )}
      </section>

      <ExchangeModals dialog={flow.dialog} busy={flow.busy} onConfirm={flow.confirm} onClose={flow.close} />
    </PageFrame>
  );
}
