import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Shown when a screen could not be rendered, most often because a newer version of the shop
 * was deployed and an old screen file is gone: reloading fixes that.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  useDocumentTitle(t('routeError.title'));

  return (
    <div className="container page">
      <section className="notice-panel" aria-labelledby="route-error-title">
        <h1 id="route-error-title">{t('routeError.title')}</h1>
        <p>{t('routeError.text')}</p>
        {status !== undefined && <p className="muted">{t('routeError.status', { status })}</p>}
        <div className="button-row">
          <button type="button" className="btn btn--gold" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </button>
          <a className="btn btn--outline" href="/">
            {t('common.backToTop')}
          </a>
        </div>
        <p>
          <Link to="/user-guide">{t('menu.userGuide')}</Link>
        </p>
      </section>
    </div>
  );
}
