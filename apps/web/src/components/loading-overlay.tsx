import { useIsLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/** Covers the page with a spinner while a `withLoading` task runs. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const loading = useIsLoading();
  if (!loading) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">{t('common.processing')}</span>
    </div>
  );
}
