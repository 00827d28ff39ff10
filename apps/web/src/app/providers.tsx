import { HydrationBoundary, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setRenderClock } from '@/lib/clock.ts';
import { announceHydrated } from '@/lib/hydrated.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { yieldToMain } from '@/lib/yield-to-main.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  /** The server's query cache of a server-rendered page (entry-server.tsx). */
  dehydratedState?: DehydratedState;
  /** Set when hydrating server HTML: its data is refreshed once the page runs. */
  hydrated?: boolean;
}

/** Query cache and router; a language switch refetches data, since the server answers in it. */
export function AppProviders({ queryClient, router, dehydratedState, hydrated = false }: AppProvidersProps) {
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

  useEffect(() => {
    if (!hydrated) return;
    let mounted = true;
    // The handed-over answers, by query, as the server drew them.
    const drawn = new Map(dehydratedState?.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]) ?? []);
    // In a task of its own: hydration's other effects (the queries' subscriptions) fill one.
    void yieldToMain().then(() => {
      if (!mounted) return;
      // Hydrated: later renders use the real clock. The shared HTML may be a few seconds old and
      // drawn for any visitor: the packs are asked again (live remaining counts, and the member's
      // own allowance on a pack page) in one small call per page.
      setRenderClock(undefined);
      // Not a lot's trust data: the pack page's trust panel hydrates later, from its own chunk, and
      // must first render what the server drew; it asks for the lot anew once it has hydrated
      // (lib/pack-trust.ts). Refetched here, a newer answer could reach it first (React error 418).
      // Only the server's answers: a query that has asked again since it mounted (recent wins),
      // or is asking, is not asked a second time.
      void queryClient.invalidateQueries(
        {
          queryKey: ['packs'],
          predicate: (query) =>
            query.queryKey[1] !== 'trust' && drawn.get(query.queryHash) === query.state.dataUpdatedAt,
        },
        { cancelRefetch: false },
      );
      // The hydrated flag's readers, the spin button first, each in a task of its own (decision 071).
      void announceHydrated();
    });
    return () => {
      mounted = false;
    };
  }, [hydrated, queryClient, dehydratedState]);

  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <RouterProvider router={router} />
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
