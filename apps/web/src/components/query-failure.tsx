import { useTranslation } from '@/lib/use-translation.ts';

interface QueryFailureProps {
  onRetry: () => void;
  message?: string;
}

/** A list or panel whose data could not be loaded, with a way to try again. */
export function QueryFailure({ onRetry, message }: QueryFailureProps) {
  const { t } = useTranslation();
  return (
    <div className="query-failure" role="alert">
      <p>{message ?? t('common.loadFailed')}</p>
      <button type="button" className="btn btn--outline btn--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
