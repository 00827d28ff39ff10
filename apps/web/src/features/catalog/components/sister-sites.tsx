import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/smart-link.tsx';
import { useSiteInfo } from '@/lib/site-info.ts';

/** The icon link bar to the operator's sister sites (top page). */
export function SisterSites() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const sites = site?.links.sister_sites ?? [];
  if (sites.length === 0) return null;
  return (
    <nav className="sister-sites" aria-label={t('catalog.sisterSites')}>
      <ul className="sister-sites__list">
        {sites.map((entry) => (
          <li key={`${entry.url}-${entry.name}`}>
            <SmartLink href={entry.url} className="sister-sites__link">
              <img src={entry.icon} alt="" width="56" height="56" loading="lazy" />
              <span className="sister-sites__name">{entry.name}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
