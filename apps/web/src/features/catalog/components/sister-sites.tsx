import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronIcon } from '@/components/icons.tsx';
import { SmartLink } from '@/components/smart-link.tsx';
import { currentLang } from '@/lib/i18n.ts';
import { useSiteInfo } from '@/lib/site-info.ts';
import { langOf } from '@/lib/text-lang.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * The icon link bar to the operator's sister sites (top page). When icons lie beyond its right
 * edge, a fade and an arrow button say that it scrolls (issue 15); the arrow scrolls one view on.
 */
export function SisterSites() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const sites = site?.links.sister_sites ?? [];
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(false);

  const measure = useCallback(() => {
    const el = list.current;
    setMore(Boolean(el && el.scrollLeft + el.clientWidth < el.scrollWidth - 4));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure, sites.length]);

  if (sites.length === 0) return null;
  return (
    <nav className={more ? 'sister-sites can-scroll' : 'sister-sites'} aria-label={t('catalog.sisterSites')}>
      <ul ref={list} className="sister-sites__list" data-testid="sister-sites-list">
        {sites.map((entry) => {
          const label = currentLang() === 'en' && entry.name_en ? entry.name_en : entry.name;
          return (
            <li key={`${entry.url}-${entry.name}`}>
              <SmartLink href={entry.url} className="sister-sites__link">
                <img src={entry.icon} alt="" width="56" height="56" loading="lazy" />
                <span className="sister-sites__name" lang={langOf(label)}>
                  {label}
                </span>
              </SmartLink>
            </li>
          );
        })}
      </ul>
      {more && (
        <button
          type="button"
          className="sister-sites__more"
          data-testid="sister-sites-more"
          aria-label={t('shopper.shelf.scrollMore')}
          onClick={() => list.current?.scrollBy({ left: list.current.clientWidth * 0.8, behavior: 'smooth' })}
        >
          <ChevronIcon />
        </button>
      )}
    </nav>
  );
}
