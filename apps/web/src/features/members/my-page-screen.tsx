import * as api from '@oripa/contract/api-paths';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ChevronIcon } from '@/components/icons.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { SmartLink } from '@/components/smart-link.tsx';
import { apiCall } from '@/lib/api-client.ts';
import { CURRENT_USER_KEY, useCurrentUser } from '@/lib/current-user.ts';
import { formatCoins, formatPoints } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import { usePlaySafety } from '@/lib/play-safety.ts';
import { useSiteInfo } from '@/lib/site-info.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { fullName, useUserDetail } from '@/lib/user-detail.ts';
import { AgeAndLimits } from './age-and-limits.tsx';
import { CouponRedeem } from './coupon-redeem.tsx';
import { ExpiringPointsNote, useExpiringPoints } from './expiring-points.tsx';
import { RankCard } from './rank-card.tsx';
// The link to the responsible-play page is named by its texts, installed with this chunk.
import './play-texts.ts';
import { RankMaintenance } from './rank-maintenance.tsx';
import './members.css';
import { langOf } from '@/lib/text-lang.ts';

/**
 * A call has answered once, or failed once while it tries again: what it shows (or leaves out) is
 * known. Once true it stays true (`isFetched`), though a part that shows may fetch again: the age
 * card's own reader refetches a failed call when it mounts, and must not hide the page again.
 */
function answered(query: Pick<UseQueryResult, 'isFetched' | 'failureCount'>): boolean {
  return query.isFetched || query.failureCount > 0;
}

/**
 * /my-page (spec section 2): the member's name, points and coins (and the points expiring
 * soonest), the rank bar and next month's
 * rank, rank maintenance when offered, links to every member screen, and logout (to /login).
 */
export function MyPageScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const detail = useUserDetail();
  // The page shows once the three calls that size it have answered: drawn as each arrived, the
  // expiring points, the rank card and the age card pushed the coupon field and the links down
  // by hundreds of pixels under a member's tap (and a browser test's click).
  const expiring = useExpiringPoints();
  const playSafety = usePlaySafety();
  const sized = [detail, expiring, playSafety].every(answered);
  const site = useSiteInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const links = [
    { to: '/buy-point', label: t('menu.buyPoint') },
    { to: '/buy-point-history', label: t('menu.pointHistory') },
    { to: '/buy-product-history', label: t('menu.productHistory') },
    { to: '/coin-history', label: t('links.coinHistory') },
    { to: '/exchange-card', label: t('menu.exchange') },
    { to: '/user-menu', label: t('accounts.userMenu.title') },
    { to: '/responsible-play', label: t('safety.play.menu') },
    // The member's inquiries and their answers (decision 052), whether or not the form is open.
    { to: '/inquiry', label: t('menu.inquiries') },
    { to: '/user-guide', label: t('menu.userGuide') },
  ];

  // My page's logout leads to the login screen (spec section 4). The member's data leaves the
  // cache once the login screen shows, so nothing of theirs is there for the next member.
  const logout = () =>
    withLoading(async () => {
      await apiCall(api.logout);
      await navigate('/login', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    });

  if (!sized) {
    return (
      <PageFrame title={t('accounts.myPage.title')} narrow>
        <PageSpinner />
      </PageFrame>
    );
  }

  const name = detail.data ? fullName(detail.data) : '';

  return (
    <PageFrame title={t('accounts.myPage.title')} narrow>
      <section className="wallet-card" aria-label={t('accounts.myPage.balances')}>
        <p className="wallet-card__name" data-testid="member-name" lang={langOf(name)}>
          {name ? t('accounts.myPage.greeting', { name }) : '\u00a0'}
        </p>
        <dl className="wallet-card__balances">
          <div>
            <dt>{t('accounts.myPage.points')}</dt>
            <dd data-testid="my-points">{formatPoints(user?.point ?? detail.data?.availablePoint ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('accounts.myPage.coins')}</dt>
            <dd data-testid="my-coins">{formatCoins(user?.coin ?? '0')}</dd>
          </div>
        </dl>
        <ExpiringPointsNote />
        <Link to="/buy-point" className="btn btn--gold btn--block">
          {t('menu.buyPoint')}
        </Link>
      </section>

      {detail.data && <RankCard detail={detail.data} rankCode={user?.rank ?? ''} />}
      {detail.data && (
        <RankMaintenance detail={detail.data} coin={user?.coin ?? '0'} rankCode={user?.rank ?? ''} />
      )}
      {detail.isError && <QueryFailure onRetry={() => void detail.refetch()} />}
      <AgeAndLimits />
      <CouponRedeem />

      <ul className="menu-list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="menu-list__item">
              <span>{link.label}</span>
              <ChevronIcon />
            </Link>
          </li>
        ))}
        {site && (
          <li>
            <SmartLink markExternal href={site.links.contact} className="menu-list__item">
              {t('menu.contact')}
            </SmartLink>
          </li>
        )}
      </ul>
      <div className="button-row button-row--center">
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void logout()}
          data-testid="logout-button"
        >
          {t('menu.logout')}
        </button>
      </div>
    </PageFrame>
  );
}
