import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '@/components/footer.tsx';
import { Header } from '@/components/header.tsx';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { LoginBonus } from '@/components/login-bonus.tsx';
import { useIsLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/** The shared frame of every screen: header with menu, the screen, footer, loading overlay. */
export function RootLayout() {
  const { t } = useTranslation();
  const loading = useIsLoading();
  const navigation = useNavigation();

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
        <Footer />
      </div>
      <LoginBonus />
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}
