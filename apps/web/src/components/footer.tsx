import { Link } from 'react-router';
import { currentLang } from '@/lib/i18n.ts';
import { useSiteInfo } from '@/lib/site-info.ts';
import { renderNow } from '@/lib/clock.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { BrandMark } from './icons.tsx';
import { SmartLink } from './smart-link.tsx';

/** Footer: company and legal links, contact, copyright with the operator's name. */
export function Footer() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const company = site
    ? currentLang() === 'en' && site.company.name_en
      ? site.company.name_en
      : site.company.name
    : '';
  const year = new Date(renderNow()).getFullYear();

  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {site && (
              <li>
                <SmartLink markExternal href={site.links.company}>
                  {t('footer.company')}
                </SmartLink>
              </li>
            )}
            <li>
              <Link to="/specific-commerce">{t('footer.commerce')}</Link>
            </li>
            <li>
              <Link to="/terms-of-service">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy-protection">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/user-guide">{t('footer.guide')}</Link>
            </li>
            <li>
              <Link to="/fairness">{t('fairness.footer')}</Link>
            </li>
            {site && (
              <li>
                <SmartLink markExternal href={site.links.contact}>
                  {t('footer.contact')}
                </SmartLink>
              </li>
            )}
          </ul>
        </nav>
        <p className="site-footer__brand">
          <BrandMark size={24} />
          <span>{t('brand.name')}</span>
        </p>
        <p className="site-footer__copyright">
          <small>
            {company ? t('footer.copyright', { year, company }) : t('footer.copyrightShort', { year })}
          </small>
        </p>
      </div>
    </footer>
  );
}
