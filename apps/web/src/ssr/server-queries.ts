import { STATE } from '@oripa/contract/states';
import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '@/lib/api-query.ts';

/** A query whose answer depends on who asks (the current user): never in the shared HTML. */
export function isPerVisitor(query: Query): boolean {
  return query.meta?.perVisitor === true;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * Runs the queries the last render asked for and has no answer to yet: the pages' own query
 * functions (through the server's API transport), so the data is what the browser would fetch.
 * Resolves with whether there was anything to run (then the page renders again).
 */
export async function runPendingQueries(queryClient: QueryClient): Promise<boolean> {
  const waiting = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query) && !isPerVisitor(query));
  await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  return waiting.length > 0;
}

/** The failure a page's query ended in, if any: such a page is left to the browser. */
export function failedQuery(queryClient: QueryClient): { missing: boolean } | undefined {
  const failed = queryClient.getQueryCache().getAll().find((query) => query.state.status === 'error');
  if (!failed) return undefined;
  const error = failed.state.error;
  return { missing: error instanceof ApiFailure && (error.state === STATE.notFound || error.state === STATE.validation) };
}
