import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/** Test-only helpers: a mocked server and a render with router and query cache. */

export type ApiHandler = (request: { path: string; method: string; body: URLSearchParams | null }) => object;

/**
 * Replaces fetch with a fake server: `routes` maps 'GET /user/point' style keys (a trailing *
 * matches any rest of the path) to response fields; the envelope is added. Unknown calls get
 * state 404. Returns the mock to inspect the calls.
 */
export function mockApi(routes: Record<string, object | ApiHandler>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.replace(/^\/api/, '');
    const key = Object.keys(routes).find((pattern) => {
      const [m, p = ''] = pattern.split(' ');
      if (m !== method) return false;
      return p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p;
    });
    const body = typeof init.body === 'string' ? new URLSearchParams(init.body) : null;
    const entry = key ? routes[key] : undefined;
    const fields = typeof entry === 'function' ? entry({ path, method, body }) : (entry ?? { state: 404 });
    return new Response(JSON.stringify({ state: 200, csrf: 'test-csrf', errors: {}, ...fields }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `element` at `path` inside a memory router (plus `extraRoutes`) and a query cache. */
export function renderAt(
  path: string,
  element: ReactNode,
  {
    extraRoutes = [],
    queryClient = createTestQueryClient(),
  }: { extraRoutes?: RouteObject[]; queryClient?: QueryClient } = {},
) {
  const pathname = path.split('?')[0] ?? '/';
  const router = createMemoryRouter([{ path: pathname, element }, ...extraRoutes], {
    initialEntries: [path],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A visitor / member answer of GET /user/point. */
export const VISITOR = { is_login: '0', rank: '', rank_name: '', point: 0, coin: '0' };
export const MEMBER = { is_login: '1', rank: 'gold', rank_name: 'ゴールド', point: 12345, coin: '1234.50' };
