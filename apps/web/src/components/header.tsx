import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { isMember, useCurrentUserQuery } from '@/lib/current-user.ts';
import { formatCoins, formatPoints } from '@/lib/format.ts';
import { useHydrated } from '@/lib/hydrated.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { BrandMark, MenuIcon } from './icons.tsx';
import { LangToggle } from './lang-toggle.tsx';
import { SiteMenu } from './site-menu.tsx';

const MENU_ID = 'site-menu';

/** Header: logo, login link or the member's rank and balances, language switch and menu. */
export function Header() {
  const { t } = useTranslation();
  const query = useCurrentUserQuery();
  // Hydrating server HTML, the header is the visitor's the server drew (see useCurrentUser).
  const hydrated = useHydrated();
  const user = hydrated ? query.data : undefined;
  const isPending = hydrated ? query.isPending : true;
  const member = isMember(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/" className="brand" aria-label={t('header.home')}>
          <BrandMark className="brand__mark" size={32} />
          <span className="brand__name">{t('brand.name')}</span>
        </Link>

        {user && member && (
          <div className="member-status">
            <Link
              to="/my-page"
              className="member-status__rank"
              aria-label={t('header.rank', { rank: user.rank_name })}
            >
              <img src={`/media/rank-${encodeURIComponent(user.rank)}.svg`} alt="" width="30" height="30" />
            </Link>
            <Link
              to="/buy-point"
              className="balance balance--point"
              data-testid="header-point"
              aria-label={t('header.points', { amount: formatPoints(user.point) })}
            >
              {formatPoints(user.point)}
            </Link>
            <Link
              to="/exchange-card"
              className="balance balance--coin"
              data-testid="header-coin"
              aria-label={t('header.coins', { amount: formatCoins(user.coin) })}
            >
              {formatCoins(user.coin)}
            </Link>
          </div>
        )}

        <div className="site-header__tools">
          {!isPending && !member && (
            <Link to="/login" className="btn btn--gold btn--small header-login">
              {t('header.login')}
            </Link>
          )}
          <LangToggle />
          <button
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={t('menu.open')}
            // Until hydrated, a tap would be lost: drawn disabled, like every control (decision 035).
            disabled={!hydrated}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <SiteMenu id={MENU_ID} open={menuOpen} member={member} onClose={closeMenu} />
    </header>
  );
}
