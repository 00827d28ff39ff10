import type { UserDetail } from '@oripa/contract/accounts';
import type { AgeStatus } from '@oripa/contract/play-safety';
import type { SiteInfo } from '@oripa/contract/site';
import type { CurrentUser } from '@oripa/contract/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { ApiRequest, ApiRoutes } from './test-api.ts';

/** Test-only helpers: a mocked server and a render with router and query cache. */

export type { ApiAnswer, ApiHandler, ApiRequest, ApiRoutes } from './test-api.ts';

/**
 * Replaces fetch with a fake server: `routes` maps 'GET /user/point' style keys (a trailing *
 * matches any rest of the path) to response fields, each typed by its route's contract schema
 * (test-api.ts); the envelope is added. Unknown calls get state 404. Returns the mock to inspect
 * the calls.
 */
export function mockApi(routes: ApiRoutes) {
  const table = routes as Record<string, object | ((request: ApiRequest) => object)>;
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.replace(/^\/api/, '');
    const key = Object.keys(table).find((pattern) => {
      const [m, p = ''] = pattern.split(' ');
      if (m !== method) return false;
      return p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p;
    });
    const body = typeof init.body === 'string' ? new URLSearchParams(init.body) : null;
    const entry = key ? table[key] : undefined;
    const fields = typeof entry === 'function' ? entry({ path, method, body }) : (entry ?? { state: 404 });
    return new Response(JSON.stringify({ state: 200, csrf: 'test-csrf', errors: {}, ...fields }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** `mockApi(routes)` with the call of one path ('/user/play_safety') held back until `answer()`. */
export function mockApiHolding(heldPath: string, routes: ApiRoutes) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const fetchMock = mockApi(routes);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === `/api${heldPath}`) await answered;
    return fetchMock(input, init);
  });
  return { fetchMock, answer };
}

/**
 * `mockApi(routes)` with GET /user/point held back until `answer()`: the page renders (as a
 * server-rendered one hydrates) before the shop has said who is buying (decision 032).
 */
export function mockApiHoldingUser(routes: ApiRoutes) {
  return mockApiHolding('/user/point', routes);
}

/** Test-only target route: shows where the app went and the navigation state it carried. */
export function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </p>
  );
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
export const VISITOR: CurrentUser = { is_login: '0', rank: '', rank_name: '', point: 0, coin: '0' };
export const MEMBER: CurrentUser = { is_login: '1', rank: 'gold', rank_name: 'ゴールド', point: 12345, coin: '1234.50' };

/** GET /user/play_safety for an adult with a birth date on record: no cap, nothing asked before a point purchase (decision 037). */
export const ADULT_STATUS: { play_safety: AgeStatus } = {
  play_safety: {
    birth_date: '1990-01-01',
    age: 36,
    minor: false,
    guardian_consent_at: null,
    monthly_cap: null,
    spent_this_month: 0,
    cap_left: null,
    resets_at: '2026-11-30T15:00:00.000Z',
  },
};

/**
 * The member's values of `userDetail` (a member in Tokyo) as the account forms post them
 * (POST /user/change, /user/confirm); override any field.
 */
export function postedMember<T extends object>(overrides: T = {} as T) {
  return {
    lastName: '山田',
    middleName: '',
    firstName: '太郎',
    tel: '09012345678',
    mail: 'taro@example.jp',
    zipcode: '1500002',
    pref_id: 13,
    country: '',
    shiku: '渋谷区渋谷',
    address: '2-21-1',
    building: '',
    ...overrides,
  };
}

/** An answer of GET /user/detail: a member in Tokyo, phone not verified; override any field. */
export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...postedMember(),
    pref_name: '東京都',
    availablePoint: 1200,
    end_sms: 0,
    referral_code: 'ABCD2345',
    rank_name: 'ブロンズ',
    rank_coin: '0.00',
    rank_max_price: 10000,
    rank_current_price: 2500,
    is_rank_maintained: false,
    next_month_name: 'ブロンズ',
    next_month: 'bronze',
    ...overrides,
  };
}

/** An answer of GET /user/site_info: the operator's details, with the given outside links. */
export function siteInfo(links: Partial<SiteInfo['links']> = {}): SiteInfo {
  return {
    company: {
      name: '株式会社テストオリパ',
      name_en: 'Test Oripa Co., Ltd.',
      representative: '山田 太郎',
      zipcode: '150-0002',
      address: '東京都渋谷区渋谷2-21-1',
      address_en: '2-21-1 Shibuya, Shibuya-ku, Tokyo',
      tel: '03-0000-0000',
      mail: 'support@example.jp',
      support_hours: '平日 10:00〜17:00',
      support_hours_en: 'Weekdays 10:00 to 17:00 (JST)',
      court: '東京地方裁判所',
      court_en: 'Tokyo District Court',
      antique_license: '東京都公安委員会 第000000000000号',
      invoice_registration: 'T7000012050002',
    },
    links: { company: '/', contact: '/', sister_sites: [], ...links },
  };
}
