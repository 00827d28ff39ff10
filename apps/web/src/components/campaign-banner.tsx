import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/hydrated.ts';

const CampaignBannerPanel = lazy(() => import('./campaign-banner-panel.tsx').then((m) => ({ default: m.CampaignBannerPanel })));

/**
 * Where a running campaign is announced (decision 060): the top page and /buy-point. After the
 * first render the banner's own chunk loads and asks which campaigns run; the server's HTML has
 * nothing of it (no hydration mismatch) and the entry's JavaScript does not grow
 * (e2e/bundle-budget), as the login bonus notice loads.
 */
export function CampaignBanner({ link = false }: { link?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CampaignBannerPanel link={link} />
    </Suspense>
  );
}
