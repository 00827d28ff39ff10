import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/** GET /user/point/expiring: the points that expire soonest, refetched on every visit. */
export function useExpiringPoints() {
  return useQuery({
    queryKey: ['ledger', 'expiring'],
    queryFn: () => getOk(api.pointExpiring),
    staleTime: 0,
    retry: false,
  });
}

/**
 * My page's line under the balances (issue 15 item 5): how many points expire soonest and when
 * (points expire 6 months after each grant), or that none are due. Nothing while it loads or
 * when it cannot be read: the balances above stay the page's main figures.
 */
export function ExpiringPointsNote() {
  const { t } = useTranslation();
  const expiring = useExpiringPoints();
  if (!expiring.data) return null;
  const { point, expires, free_point: free } = expiring.data;
  return (
    <>
      {/* Free points apart from the paid ones they are part of (decision 055). */}
      {free > 0 && (
        <p className="wallet-card__expiring" data-testid="free-points">
          {t('shopper.expiring.free', { point: formatPoints(free) })}
        </p>
      )}
      <p className="wallet-card__expiring" data-testid="expiring-points">
        <span className="wallet-card__expiring-title">{t('shopper.expiring.title')}</span>
        <span>
          {point > 0 && expires
            ? t('shopper.expiring.text', { point: formatPoints(point), date: formatShopDateTime(expires, currentLang()) })
            : t('shopper.expiring.none')}
        </span>
      </p>
    </>
  );
}
