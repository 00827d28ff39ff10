import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { MEMBER, mockApi, VISITOR } from '@/test-utils.tsx';
import { guardNavigation, loginPath } from './route-guard.ts';
import { buildRoutes } from './routes.tsx';

// The first route a test visits loads its lazy screen module: on a loaded machine that can take
// longer than waitFor's default second.
const SETTLE = { timeout: 10_000 };

function failingFetch() {
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function startAt(path: string) {
  const queryClient = new QueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient), { initialEntries: [path] });
  return { router, queryClient };
}

function location(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}

describe('route guard', () => {
  it('sends a visitor on a member route to /login', async () => {
    mockApi({ 'GET /user/point': VISITOR });
    const redirect = await guardNavigation(new QueryClient(), 'member', new URL('http://shop.test/my-page'));
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get('Location')).toBe('/login');
  });

  it('lets a member through and puts the user in the query cache', async () => {
    const fetchMock = mockApi({ 'GET /user/point': MEMBER });
    const queryClient = new QueryClient();
    const redirect = await guardNavigation(queryClient, 'member', new URL('http://shop.test/my-page'));
    expect(redirect).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/user/point', expect.objectContaining({ method: 'GET' }));
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ is_login: '1', point: 12345 });
  });

  it('sends member routes to /login when the user cannot be fetched', async () => {
    failingFetch();
    const redirect = await guardNavigation(
      new QueryClient(),
      'member',
      new URL('http://shop.test/buy-point'),
    );
    expect(redirect?.headers.get('Location')).toBe('/login');
  });

  it('lets public routes through when the user cannot be fetched', async () => {
    failingFetch();
    expect(
      await guardNavigation(new QueryClient(), 'public', new URL('http://shop.test/pack-list')),
    ).toBeNull();
  });

  it('keeps the packId for the login screen', () => {
    expect(loginPath(new URL('http://shop.test/confirm-buy-product?packId=7&buyCount=2'))).toBe(
      '/login?packId=7',
    );
    expect(loginPath(new URL('http://shop.test/my-page'))).toBe('/login');
  });
});

describe('route table', () => {
  it('redirects a visitor from a member route to /login, keeping the packId', async () => {
    mockApi({ 'GET /user/point': VISITOR });
    const { router } = startAt('/confirm-buy-product?packId=7&buyCount=2');
    await vi.waitFor(() => expect(location(router)).toBe('/login?packId=7'), SETTLE);
  });

  it('redirects member routes to /login when the fetch fails', async () => {
    failingFetch();
    const { router } = startAt('/exchange-card');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), SETTLE);
  });

  it('keeps a member on a member route', async () => {
    mockApi({ 'GET /user/point': MEMBER });
    const { router, queryClient } = startAt('/my-page');
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), SETTLE);
    expect(router.state.location.pathname).toBe('/my-page');
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ is_login: '1' });
  });

  it('proceeds on a public route when the fetch fails', async () => {
    failingFetch();
    const { router } = startAt('/pack-list?index=2');
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), SETTLE);
    expect(location(router)).toBe('/pack-list?index=2');
  });

  it('fetches the current user before every navigation', async () => {
    const fetchMock = mockApi({ 'GET /user/point': VISITOR });
    const { router } = startAt('/pack-list');
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), SETTLE);
    const before = fetchMock.mock.calls.length;
    await router.navigate('/pack-list?index=3');
    await router.navigate('/user-guide');
    expect(fetchMock.mock.calls.length - before).toBe(2);
  });

  it('forwards /buy-product to the pack detail', async () => {
    mockApi({ 'GET /user/point': MEMBER });
    const { router } = startAt('/buy-product?packId=5&buyCount=1');
    await vi.waitFor(() => expect(location(router)).toBe('/pack-detail?packId=5'), SETTLE);
  });

  it('sends /pack-detail without a pack id and unknown paths to the top page', async () => {
    mockApi({ 'GET /user/point': VISITOR });
    const first = startAt('/pack-detail');
    await vi.waitFor(() => expect(location(first.router)).toBe('/'), SETTLE);
    const second = startAt('/no/such/page');
    await vi.waitFor(() => expect(location(second.router)).toBe('/'), SETTLE);
  });

  it('has a route for every screen of the spec', () => {
    const { router } = startAt('/');
    // The shop's screens live under the '/' layout route (the console has its own '/admin/*').
    const shop = router.routes.find((route) => route.path === '/');
    const paths = new Set((shop?.children ?? []).map((route) => route.path ?? '/'));
    const screens = [
      'pack-list',
      'pack-detail',
      'login',
      'password-reissue',
      'complete-password-reissue',
      'user-register',
      'confirm-user-register',
      'complete-user-register',
      'complete-carrier',
      'error-carrier',
      'user-guide',
      'specific-commerce',
      'terms-of-service',
      'privacy-protection',
      'buy-point/:productId?',
      'confirm-buy-point',
      'confirm-combini',
      'bank-transfer-information',
      'payge-transfer-information',
      'pay-redirect',
      'complete-buy-point',
      'amazon-pay-redirect',
      'complete-buy-point-amazom-pay',
      'complete-buy-point-paypal',
      'buy-product',
      'confirm-buy-product',
      'gacha-animation',
      'get-card-list',
      'confirm-get-card-list',
      'thank-you',
      'my-page',
      'change-password',
      'buy-point-history',
      'buy-product-history',
      'buy-product-history-detail',
      'coin-history',
      'fund-settlement',
      'point-terms-of-service',
      'user-menu',
      'change-member',
      'exchange-card',
      'card-input',
      'transfer-point',
      '*',
    ];
    for (const screen of screens) expect(paths, screen).toContain(screen);
  });
});
