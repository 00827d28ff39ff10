import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCardTypes, usePackPage } from './api/catalog-queries.ts';
import { PackGrid } from './components/pack-grid.tsx';
import { ALL_CARD_TYPES } from '@oripa/contract/constants';
import { parseWholeNumber } from './query-params.ts';
import './catalog.css';

function listPath(type: number, page = 1): string {
  const params = new URLSearchParams({ index: String(type) });
  if (page > 1) params.set('page', String(page));
  return `/pack-list?${params.toString()}`;
}

/** /pack-list?index=<card type>: every pack of a card type (0 = all), page by page. */
export function PackListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = parseWholeNumber(params.get('index')) ?? ALL_CARD_TYPES;
  const page = Math.max(1, parseWholeNumber(params.get('page')) ?? 1);
  const types = useCardTypes();
  const packs = usePackPage(type, page);

  const typeName =
    type === ALL_CARD_TYPES
      ? t('catalog.list.allTypes')
      : types.data?.find((entry) => entry.id === type)?.name;
  const tabs = [{ id: ALL_CARD_TYPES, name: t('catalog.list.allTypes') }, ...(types.data ?? [])];

  let content;
  if (packs.isError) {
    content = isNotFound(packs.error) ? (
      <div className="notice-panel">
        <p>{t('catalog.list.typeNotFound')}</p>
        <Link className="btn btn--gold" to={listPath(ALL_CARD_TYPES)}>
          {t('catalog.list.showAll')}
        </Link>
      </div>
    ) : (
      <QueryFailure onRetry={() => void packs.refetch()} />
    );
  } else if (!packs.data) {
    content = <PageSpinner />;
  } else if (packs.data.list.length === 0) {
    content = <p className="empty-note">{t('catalog.list.empty')}</p>;
  } else {
    content = (
      <>
        <PackGrid packs={packs.data.list} />
        <Pager
          page={packs.data.page}
          onSelect={(next) => {
            const nextParams = new URLSearchParams(params);
            nextParams.set('index', String(type));
            nextParams.set('page', String(next));
            setParams(nextParams);
          }}
        />
      </>
    );
  }

  return (
    <PageFrame title={t('catalog.list.title')} lead={t('catalog.list.lead')}>
      <nav className="type-tabs" aria-label={t('catalog.list.tabsLabel')}>
        <ul className="type-tabs__list">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to={listPath(tab.id)}
                className={tab.id === type ? 'type-tab is-active' : 'type-tab'}
                aria-current={tab.id === type ? 'page' : undefined}
              >
                {tab.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="pack-section" aria-labelledby="pack-list-heading">
        <h2 id="pack-list-heading" className="section-title">
          {typeName ?? t('catalog.list.title')}
        </h2>
        <div className={packs.isPlaceholderData ? 'is-refreshing' : undefined}>{content}</div>
      </section>
    </PageFrame>
  );
}
