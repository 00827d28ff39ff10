import { isPackFilter, isPackSort, shelfPacks, type PackFilter, type PackSort } from '@oripa/contract/pack-shelf';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { useHydrated } from '@/lib/hydrated.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCardTypes, usePackList } from './api/catalog-queries.ts';
import { BannerArea } from './components/banner-area.tsx';
import { PackGrid } from './components/pack-grid.tsx';
import { PackGroup } from './components/pack-group.tsx';
import { RecentWins } from './components/recent-wins.tsx';
import { ShelfBar } from './components/shelf-bar.tsx';
import { SisterSites } from './components/sister-sites.tsx';
import { sortUpcoming, UpcomingSection } from './components/upcoming-section.tsx';
import { groupByCardType } from './group-packs.ts';
import './catalog.css';

// A running campaign's banner (decision 060): its own chunk, loaded after hydration (the server's
// HTML has none of it), imported here rather than through components/campaign-banner.tsx so the
// top page's JavaScript does not gain a chunk (e2e/bundle-budget).
const CampaignBannerPanel = lazy(() => import('@/components/campaign-banner-panel.tsx').then((m) => ({ default: m.CampaignBannerPanel })));

/**
 * The campaign banner once the page has hydrated. Its own component so that the render right
 * after hydration (useHydrated turning true) is this one's alone, not the whole shelf's again in
 * one long task (issue 24, point 7).
 */
function CampaignBannerAfterHydration() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CampaignBannerPanel link />
    </Suspense>
  );
}

/**
 * Top page: banners, sister-site bar, sort and filter, then the packs on sale by card type and
 * the upcoming packs. A sort or filter other than the default (in the address: ?sort=&filter=)
 * shows one grid of the packs it keeps, in its order.
 */
export function TopPage() {
  const { t } = useTranslation();
  useDocumentTitle(undefined);
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const filterParam = params.get('filter');
  const sort: PackSort = isPackSort(sortParam) ? sortParam : 'recommended';
  const filter: PackFilter = isPackFilter(filterParam) ? filterParam : 'all';
  const shelved = sort !== 'recommended' || filter !== 'all';
  // The last choice not yet in the address: React renders a navigation in a transition, so a
  // second choice made before it lands (a sort, then at once a filter) builds on this one
  // instead of on the address it would otherwise overwrite.
  const pending = useRef<{ sort: PackSort; filter: PackFilter } | null>(null);
  useEffect(() => {
    if (pending.current?.sort === sort && pending.current.filter === filter) pending.current = null;
  }, [sort, filter]);
  const choose = (next: { sort?: PackSort; filter?: PackFilter }) => {
    const base = pending.current ?? { sort, filter };
    const values = { sort: next.sort ?? base.sort, filter: next.filter ?? base.filter };
    pending.current = values;
    const query: Record<string, string> = {};
    if (values.sort !== 'recommended') query.sort = values.sort;
    if (values.filter !== 'all') query.filter = values.filter;
    setParams(query, { replace: true });
  };
  const packs = usePackList();
  const types = useCardTypes();
  const otherName = t('catalog.otherType');

  const upcoming = useMemo(() => sortUpcoming(packs.data ?? []), [packs.data]);
  const shelf = useMemo(() => (shelved ? shelfPacks(packs.data ?? [], sort, filter) : []), [packs.data, shelved, sort, filter]);
  const groups = useMemo(
    () => groupByCardType(packs.data ?? [], types.data ?? [], otherName),
    [packs.data, types.data, otherName],
  );

  let content;
  if (packs.isError || types.isError) {
    content = (
      <QueryFailure
        onRetry={() => {
          void packs.refetch();
          void types.refetch();
        }}
      />
    );
  } else if (!packs.data || !types.data) {
    content = <PageSpinner />;
  } else if (upcoming.length === 0 && groups.length === 0) {
    content = <p className="empty-note">{t('catalog.noPacks')}</p>;
  } else if (shelved) {
    content = (
      <section className="pack-section" aria-labelledby="shelf-title">
        <div className="section-head">
          <h2 id="shelf-title" className="section-title">
            {t('shopper.shelf.resultTitle', { count: shelf.length })}
          </h2>
        </div>
        {shelf.length > 0 ? (
          <PackGrid packs={shelf} />
        ) : (
          <p className="empty-note">{t('shopper.shelf.empty')}</p>
        )}
      </section>
    );
  } else {
    content = (
      <>
        {/* What can be bought now comes first on a phone's first screen; what is coming, below. */}
        {groups.map((group) => (
          <PackGroup key={group.typeId} typeId={group.typeId} name={group.name} packs={group.packs} />
        ))}
        <UpcomingSection packs={upcoming} />
        <RecentWins packId={null} />
      </>
    );
  }

  return (
    <div className="top-page">
      <h1 className="visually-hidden">{t('catalog.topTitle')}</h1>
      <BannerArea />
      <div className="container">
        <CampaignBannerAfterHydration />
        <SisterSites />
        <ShelfBar sort={sort} filter={filter} onSort={(value) => choose({ sort: value })} onFilter={(value) => choose({ filter: value })} />
        {content}
      </div>
    </div>
  );
}
