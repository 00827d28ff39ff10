import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SmartLink } from '../../components/smart-link.tsx';
import { ChevronIcon } from '../../components/icons.tsx';
import { MaintenanceAlert } from '../../components/maintenance-alert.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatCoins, formatPoints } from '../../lib/format.ts';
import { withLoading } from '../../lib/loading.ts';
import { useSiteInfo } from '../../lib/site-info.ts';
import './members.css';

/** /my-page: the member's balances and the way to every member screen. */
export function MyPageScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  const navigate = useNavigate();

  const links = [
    { to: '/buy-point', label: t('menu.buyPoint') },
    { to: '/buy-point-history', label: t('menu.pointHistory') },
    { to: '/buy-product-history', label: t('menu.productHistory') },
    { to: '/coin-history', label: t('links.coinHistory') },
    { to: '/exchange-card', label: t('menu.exchange') },
    { to: '/user-menu', label: t('screens.userMenu.title') },
    { to: '/user-guide', label: t('menu.userGuide') },
  ];

  // My page's logout leads to the login screen (spec section 4).
  const logout = () =>
    withLoading(async () => {
      await apiGet('/user/logout');
      navigate('/login');
    });

  return (
    <PageFrame title={t('screens.myPage.title')} lead={t('screens.myPage.lead')} narrow>
      {user && (
        <section className="wallet-card" aria-label={t('members.balances')}>
          <div className="wallet-card__rank">
            <img src={`/media/rank-${encodeURIComponent(user.rank)}.svg`} alt="" width="48" height="48" />
            <div>
              <p className="wallet-card__caption">{t('members.rank')}</p>
              <p className="wallet-card__rank-name">{user.rank_name}</p>
            </div>
          </div>
          <dl className="wallet-card__balances">
            <div>
              <dt>{t('members.points')}</dt>
              <dd>{formatPoints(user.point)}</dd>
            </div>
            <div>
              <dt>{t('members.coins')}</dt>
              <dd>{formatCoins(user.coin)}</dd>
            </div>
          </dl>
        </section>
      )}
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
      <div className="button-row">
        <button type="button" className="btn btn--outline" onClick={() => void logout()}>
          {t('menu.logout')}
        </button>
      </div>
    </PageFrame>
  );
}

/** /user-menu: personal information, point transfer (disabled), password; back to my page. */
export function UserMenuScreen() {
  const { t } = useTranslation();
  const [alertOpen, setAlertOpen] = useState(false);

  return (
    <PageFrame title={t('screens.userMenu.title')} lead={t('screens.userMenu.lead')} narrow>
      <ul className="menu-list">
        <li>
          <Link to="/change-member" className="menu-list__item">
            <span>{t('members.personalInfo')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <button type="button" className="menu-list__item" onClick={() => setAlertOpen(true)}>
            <span>{t('members.pointTransfer')}</span>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <Link to="/change-password" className="menu-list__item">
            <span>{t('screens.changePassword.title')}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
      <div className="button-row">
        <Link to="/my-page" className="btn btn--outline">
          {t('links.backToMyPage')}
        </Link>
      </div>
      <MaintenanceAlert open={alertOpen} onClose={() => setAlertOpen(false)} />
    </PageFrame>
  );
}
