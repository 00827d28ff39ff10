import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePageMeta } from './page-meta.ts';

/**
 * Sets the browser tab title to "<screen> | <shop name>" while the screen is shown, and gives the
 * server-rendered head the same title.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  const full = title ? `${title} | ${brand}` : `${brand} | ${t('brand.tagline')}`;
  usePageMeta({ title: full });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
