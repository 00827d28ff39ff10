import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<screen> | <shop name>" while the screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : `${brand} | ${t('brand.tagline')}`;
  }, [title, brand, t]);
}
