import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

interface AppProvidersProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Query cache and router; a language switch refetches data, since the server answers in it. */
export function AppProviders({ queryClient, router }: AppProvidersProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => {
      void queryClient.invalidateQueries();
    };
    i18n.on('languageChanged', refetch);
    return () => {
      i18n.off('languageChanged', refetch);
    };
  }, [i18n, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
