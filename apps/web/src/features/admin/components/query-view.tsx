import { STATE } from '@oripa/contract/states';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { AdminFailure, allErrors } from '../api/admin-client.ts';

/** Whether a failed console call means the session ended (idle timeout, logout elsewhere). */
export function sessionEnded(error: unknown): boolean {
  return error instanceof AdminFailure && error.state === STATE.loginRequired;
}

/**
 * A query's loading, failure (an ended session leads to the login) and data states. With
 * `fieldErrors`, a search refused for its filters says why in place of the (older) results.
 */
export function QueryView<T>({ query, fieldErrors = false, children }: { query: UseQueryResult<T>; fieldErrors?: boolean; children: (data: T) => ReactNode }) {
  const t = useAdminT();
  const refused = fieldErrors && query.error instanceof AdminFailure ? allErrors(query.error.errors) : [];
  if (query.isError && refused.length > 0) {
    return (
      <p className="admin-notice admin-notice--error" role="alert">
        {refused.join(' ')}
      </p>
    );
  }
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    if (sessionEnded(query.error)) {
      return (
        <p className="admin-notice admin-notice--error" role="alert">
          {t('sessionEnded')} <Link to="/admin/login">{t('toLogin')}</Link>
        </p>
      );
    }
    return (
      <p className="admin-notice admin-notice--error" role="alert">
        {t('failed')}{' '}
        <button type="button" className="admin-link" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  return (
    <p className="admin-muted" role="status">
      {t('loading')}
    </p>
  );
}

/** A search's results through QueryView, saying first when the server cut the list at its limit. */
export function SearchResults<T extends { more: boolean }>({
  query,
  cut,
  fieldErrors = false,
  children,
}: {
  query: UseQueryResult<T>;
  /** What to say when the list was cut. */
  cut: string;
  fieldErrors?: boolean;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryView query={query} fieldErrors={fieldErrors}>
      {(result) => (
        <>
          {result.more && <p className="admin-notice admin-notice--error">{cut}</p>}
          {children(result)}
        </>
      )}
    </QueryView>
  );
}
