import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '@/lib/api-query.ts';

/** Shared query cache: catalogue data stays fresh for a minute; client errors are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiFailure && error.state < 500) && failureCount < 2,
      },
    },
  });
}
