import * as api from '@oripa/contract/api-paths';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { apiCall } from '@/lib/api-client.ts';
import { withLoading } from '@/lib/loading.ts';
import { useSiteInfo } from '@/lib/site-info.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { CloseIcon } from './icons.tsx';
import { SmartLink } from './smart-link.tsx';

interface SiteMenuProps {
  id: string;
  open: boolean;
  member: boolean;
  onClose: () => void;
}

/** Logs out (GET /user/logout) and reloads the top page, so every cache starts clean. */
async function logout(): Promise<void> {
  await withLoading(async () => {
    await apiCall(api.logout);
    window.location.assign('/');
  });
}

/**
 * The site menu: a drawer on phones (opened by the header's menu button), a navigation bar on
 * wider screens. Links close the drawer when followed.
 */
export function SiteMenu({ id, open, member, onClose }: SiteMenuProps) {
  const { t } = useTranslation();
  const site = useSiteInfo();

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  const internal = [
    { to: '/my-page', label: t('menu.myPage') },
    { to: '/buy-point', label: t('menu.buyPoint') },
    { to: '/buy-point-history', label: t('menu.pointHistory') },
    { to: '/buy-product-history', label: t('menu.productHistory') },
    { to: '/exchange-card', label: t('menu.exchange') },
    { to: '/user-guide', label: t('menu.userGuide') },
  ];

  return (
    <>
      <div
        className={open ? 'menu-backdrop is-open' : 'menu-backdrop'}
        onClick={onClose}
        aria-hidden="true"
      />
      <nav id={id} className={open ? 'site-menu is-open' : 'site-menu'} aria-label={t('menu.label')}>
        <div className="site-menu__head">
          <span className="site-menu__title">{t('menu.title')}</span>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('menu.close')}>
            <CloseIcon />
          </button>
        </div>
        <ul className="site-menu__list">
          {internal.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="site-menu__link" onClick={onClose}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {site && (
            <li>
              <SmartLink markExternal href={site.links.contact} className="site-menu__link" onClick={onClose}>
                {t('menu.contact')}
              </SmartLink>
            </li>
          )}
          <li>
            <NavLink to="/terms-of-service" className="site-menu__link" onClick={onClose}>
              {t('menu.terms')}
            </NavLink>
          </li>
          <li>
            {member ? (
              <button
                type="button"
                className="site-menu__link site-menu__link--action"
                onClick={() => {
                  onClose();
                  void logout();
                }}
              >
                {t('menu.logout')}
              </button>
            ) : (
              <NavLink to="/login" className="site-menu__link site-menu__link--action" onClick={onClose}>
                {t('menu.login')}
              </NavLink>
            )}
          </li>
        </ul>
      </nav>
    </>
  );
}
