import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Footer } from '@/components/footer.tsx';
import { Header } from '@/components/header.tsx';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { useIsLoading } from '@/lib/loading.ts';
import { removeFirstScreen, SERVER_DRAWN_PAGES, useAfterFirstScreen } from '@/lib/first-screen.ts';

/** The shared frame of every screen: header with menu, the screen, footer, loading overlay. */
export function RootLayout() {
  const { t } = useTranslation();
  const loading = useIsLoading();
  const navigation = useNavigation();
  const location = useLocation();
  // The server-drawn first screen of the top and pack pages stays until the page itself renders
  // (it removes it); this layout renders earlier, while the route guard runs. Elsewhere it goes.
  const onDrawnPage = SERVER_DRAWN_PAGES.has(location.pathname);
  useLayoutEffect(() => {
    if (!onDrawnPage) removeFirstScreen();
  }, [onDrawnPage]);
  // The footer starts below the first screen (min-height of the main area): on a server-drawn
  // page it is rendered in a task after the take-over.
  const footer = useAfterFirstScreen();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {/* While a task runs the page is inert: no click, tap or key can submit it twice. */}
      <div className="app-shell" inert={loading}>
        <Header />
        {navigation.state !== 'idle' && <div className="nav-progress" aria-hidden="true" />}
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        {footer && <Footer />}
      </div>
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}
