import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { USER_DETAIL_KEY } from '@/lib/user-detail.ts';
import { ADULT_STATUS, createTestQueryClient, MEMBER, mockApi, mockApiHolding, renderAt, siteInfo, userDetail, type ApiAnswer } from '@/test-utils.tsx';
import { MyPageScreen } from './my-page-screen.tsx';
import { rankProgress } from './rank-progress.ts';

const DETAIL = userDetail({
  availablePoint: 12345,
  rank_name: 'ゴールド',
  rank_coin: '1500.00',
  next_month_name: 'シルバー',
  next_month: 'silver',
});

function Where() {
  return <p data-testid="where">login</p>;
}

function renderMyPage(
  detail: ApiAnswer<'GET /user/detail'> = DETAIL,
  expiring: ApiAnswer<'GET /user/point/expiring'> = { point: 0, expires: '', free_point: 0 },
) {
  const fetchMock = mockApi({
    'GET /user/detail': detail,
    'GET /user/point/expiring': expiring,
    'GET /user/point': MEMBER,
    'GET /user/site_info': siteInfo({ contact: 'https://example.jp/contact' }),
    'GET /user/logout': {},
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
  const view = renderAt('/my-page', <MyPageScreen />, {
    queryClient,
    extraRoutes: [{ path: '/login', element: <Where /> }],
  });
  return { ...view, fetchMock, queryClient };
}

describe('my page', () => {
  it('shows the points expiring soonest, amount and Japan-time date, or that none are due', async () => {
    renderMyPage(DETAIL, { point: 1200, expires: '2027-05-22T15:00:00.000Z', free_point: 0 });
    expect((await screen.findByTestId('expiring-points')).textContent).toBe('まもなく失効するポイント2027/05/23 00:00 に 1,200P が失効します');
    // No free points: no line for them.
    expect(screen.queryByTestId('free-points')).toBeNull();
  });

  it('shows the free points apart, and that they are spent first (decision 055)', async () => {
    renderMyPage(DETAIL, { point: 50, expires: '2027-02-20T15:00:00.000Z', free_point: 120 });
    expect((await screen.findByTestId('free-points')).textContent).toBe('うち無償ポイント 120P（有償ポイントより先に使われます）');
  });

  it('says no points are due to expire when none are', async () => {
    renderMyPage();
    expect((await screen.findByTestId('expiring-points')).textContent).toContain('失効予定のポイントはありません');
  });

  it("shows the member's name, balances, rank bar and next month's rank", async () => {
    renderMyPage();
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('山田 太郎 様'));
    expect(screen.getByTestId('my-points').textContent).toBe('12,345P');
    expect(screen.getByTestId('my-coins').textContent).toBe('1,234.5C');
    expect(screen.getByTestId('rank-name').textContent).toBe('ゴールド');
    expect(screen.getByTestId('rank-amounts').textContent).toBe('¥2,500 / ¥10,000');
    const bar = screen.getByTestId('rank-bar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
    expect(screen.getByText('次のランクまであと ¥7,500')).toBeTruthy();
    expect(screen.getByTestId('next-month-rank').textContent).toContain('シルバー');
    // Rank maintenance shows only when offered.
    expect(screen.queryByTestId('rank-maintenance')).toBeNull();
  });

  it('links to the screens of the spec', async () => {
    renderMyPage();
    await screen.findByTestId('rank-card');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const path of [
      '/buy-point',
      '/buy-point-history',
      '/buy-product-history',
      '/coin-history',
      '/user-guide',
      '/user-menu',
    ]) {
      expect(hrefs).toContain(path);
    }
    expect(hrefs).toContain('https://example.jp/contact');
  });

  it('offers rank maintenance when is_rank_maintained, and alerts when the coins are short', async () => {
    renderMyPage({ ...DETAIL, is_rank_maintained: true, rank_coin: '1500.00' });
    fireEvent.click(await screen.findByTestId('rank-keep-button'));
    expect((await screen.findByTestId('rank-keep-alert')).textContent).toBe('コインが不足しています');
  });

  it('keeps the rank with coins: confirm, one buy_rank, the done message, then the member refreshed', async () => {
    let kept = false;
    const posts: unknown[] = [];
    const fetchMock = mockApi({
      // After the keep the server no longer offers it: the done message must stay up anyway.
      'GET /user/detail': () => ({ ...DETAIL, is_rank_maintained: !kept, rank_coin: '300.00' }),
      'GET /user/point': () => ({ ...MEMBER, coin: kept ? '934.50' : '1234.50' }),
      'GET /user/site_info': siteInfo(),
      'POST /user/buy_rank': (request) => {
        posts.push(JSON.parse(request.body?.get('json') ?? '{}'));
        kept = true;
        return { result: '1', coin: '934.50', next_month: 'gold', next_month_name: 'ゴールド' };
      },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    renderAt('/my-page', <MyPageScreen />, { queryClient });
    fireEvent.click(await screen.findByTestId('rank-keep-button'));
    const confirm = await screen.findByTestId('rank-keep-confirm');
    expect(screen.getByRole('dialog').textContent).toContain('300C');
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect((await screen.findByTestId('rank-keep-done')).textContent).toContain('ゴールド');
    expect(posts).toEqual([{ coin: '300.00', next_month_rank: 'gold' }]);
    await waitFor(() => expect(screen.getByTestId('my-coins').textContent).toBe('934.5C'));
    expect(screen.queryByTestId('rank-keep-button')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/detail').length).toBeGreaterThan(1);
  });

  it("alerts the server's count message when buy_rank is refused", async () => {
    mockApi({
      'GET /user/detail': { ...DETAIL, is_rank_maintained: true, rank_coin: '300.00' },
      'GET /user/point': MEMBER,
      'GET /user/site_info': siteInfo(),
      'POST /user/buy_rank': { state: 400, result: '-1', errors: { count: ['コインが不足しています'] } },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    renderAt('/my-page', <MyPageScreen />, { queryClient });
    fireEvent.click(await screen.findByTestId('rank-keep-button'));
    fireEvent.click(await screen.findByTestId('rank-keep-confirm'));
    expect((await screen.findByTestId('rank-keep-alert')).textContent).toBe('コインが不足しています');
  });

  it('shows its sections only once the calls that size them have answered, so nothing moves under a tap', async () => {
    const { fetchMock, answer } = mockApiHolding('/user/play_safety', {
      'GET /user/detail': DETAIL,
      'GET /user/point/expiring': { point: 0, expires: '', free_point: 0 },
      'GET /user/point': MEMBER,
      'GET /user/site_info': siteInfo(),
      'GET /user/play_safety': ADULT_STATUS,
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    renderAt('/my-page', <MyPageScreen />, { queryClient });
    // The detail and the expiring points have answered; the age card's call has not.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/point/expiring')).toBe(true));
    await waitFor(() => expect(queryClient.getQueryData(USER_DETAIL_KEY)).toBeDefined());
    expect(screen.getByRole('status').textContent).toBe('読み込み中');
    for (const id of ['rank-card', 'expiring-points', 'coupon-redeem', 'logout-button']) expect(screen.queryByTestId(id)).toBeNull();
    act(() => answer());
    await screen.findByTestId('coupon-redeem');
    for (const id of ['rank-card', 'expiring-points', 'age-limits-birth-date', 'logout-button']) expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('shows the page when a sizing call fails, without the part it would have drawn', async () => {
    renderMyPage();
    // No answer for play_safety here (state 404): the page shows without its age card.
    await screen.findByTestId('coupon-redeem');
    expect(screen.getByTestId('rank-card')).toBeTruthy();
    expect(screen.queryByTestId('age-limits-birth-date')).toBeNull();
  });

  it('logs out to the login screen and forgets the member data', async () => {
    const { fetchMock, router, queryClient } = renderMyPage();
    await screen.findByTestId('rank-card');
    fireEvent.click(screen.getByTestId('logout-button'));
    await screen.findByTestId('where');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(USER_DETAIL_KEY)).toBeUndefined();
  });
});

describe('rank progress', () => {
  it('fills the bar by this month against the next rank, capped at full', () => {
    expect(rankProgress(2500, 10000)).toEqual({ ratio: 0.25, remaining: 7500, reached: false });
    expect(rankProgress(12000, 10000)).toEqual({ ratio: 1, remaining: 0, reached: true });
    expect(rankProgress(0, 0)).toEqual({ ratio: 1, remaining: 0, reached: true });
  });
});
