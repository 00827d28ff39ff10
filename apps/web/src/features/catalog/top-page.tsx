import { useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { removeFirstScreen } from '@/lib/first-screen.ts';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { useCardTypes, usePackList } from './api/catalog-queries.ts';
import { BannerArea } from './components/banner-area.tsx';
import { PackGroup } from './components/pack-group.tsx';
import { RecentWins } from './components/recent-wins.tsx';
import { SisterSites } from './components/sister-sites.tsx';
import { sortUpcoming, UpcomingSection } from './components/upcoming-section.tsx';
import { groupByCardType } from './group-packs.ts';
import './catalog.css';

/** Top page: banners, sister-site bar, the packs on sale by card type, then upcoming packs. */
export function TopPage() {
  const { t } = useTranslation();
  useDocumentTitle(undefined);
  const packs = usePackList();
  const types = useCardTypes();
  const otherName = t('catalog.otherType');
  // The server-drawn first screen gives way in the frame this page's own appears.
  useLayoutEffect(removeFirstScreen, []);

  const upcoming = useMemo(() => sortUpcoming(packs.data ?? []), [packs.data]);
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
        <SisterSites />
        {content}
      </div>
    </div>
  );
}
