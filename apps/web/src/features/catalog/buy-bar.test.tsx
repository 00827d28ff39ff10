import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@oripa/contract/user';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { makeDetail } from '@/test-packs.ts';
import { createTestQueryClient, MEMBER, mockApi, mockApiHoldingUser, renderAt, VISITOR, Where, type ApiAnswer } from '@/test-utils.tsx';
import { barCounts } from './components/buy-bar.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';

const payloadOf = (body: URLSearchParams | null) =>
  JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;
const CHECK_OK = { result: '1', cost: 10000, balance: '12345', balance_after: '2345' };

function renderBar({
  pack = makeDetail({ id: 1, point: 1000 }),
  user = MEMBER,
  check = CHECK_OK as ApiAnswer<'POST /user/pack/check'>,
}: {
  pack?: ReturnType<typeof makeDetail>;
  user?: CurrentUser;
  check?: ApiAnswer<'POST /user/pack/check'>;
} = {}) {
  const calls: { path: string; payload: Record<string, unknown> }[] = [];
  mockApi({
    'GET /user/pack/detail/*': { pack },
    'GET /user/pack/card_list/*': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
    'GET /user/point': user,
    'POST /user/pack/check': (request) => {
      calls.push({ path: request.path, payload: payloadOf(request.body) });
      return check;
    },
    'POST /user/pack/buy': (request) => {
      calls.push({ path: request.path, payload: payloadOf(request.body) });
      return { result: '1', pack_history_id: 88 };
    },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  renderAt(`/pack-detail?packId=${pack.id}`, <PackDetailPage />, {
    queryClient,
    extraRoutes: ['/login', '/gacha-animation'].map((path) => ({ path, element: <Where /> })),
  });
  return { calls };
}

/** The accessible names of the bar's buttons. */
const barButtons = async (name = '購入ボタン') => {
  const bar = await screen.findByRole('complementary', { name });
  return within(bar)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);
};

describe('barCounts', () => {
  it('offers 1, 10 and 100, each clamped to what one purchase may take, without repeats', () => {
    expect(barCounts(3000)).toEqual([1, 10, 100]);
    expect(barCounts(50)).toEqual([1, 10, 50]);
    expect(barCounts(10)).toEqual([1, 10]);
    expect(barCounts(7)).toEqual([1, 7]);
    expect(barCounts(1)).toEqual([1]);
    expect(barCounts(0)).toEqual([]);
  });
});

describe('pack page buy bar', () => {
  it('names each button with its count and total, plus the other count', async () => {
    renderBar();
    expect(await barButtons()).toEqual([
      '1回 1,000P',
      '10連 10,000P',
      '100連 100,000P',
      'その他（回数を指定）',
    ]);
    expect(screen.getByRole('button', { name: '10連 10,000P' })).toBe(screen.getByTestId('buy-bar-10'));
  });

  it('clamps to the stock, the max per purchase and the member limit, and totals coins in C', async () => {
    renderBar({
      pack: makeDetail({
        id: 2,
        point: 30,
        payment_method: '2',
        pack_count: 40,
        max_buy_count: 0,
        member_remaining: 25,
      }),
    });
    expect(await barButtons()).toEqual([
      '1回 30C',
      '10連 300C',
      '25連 750C',
      'その他（回数を指定）',
    ]);
  });

  it('opens the confirmation in one tap with the count, and buying goes to the reveal', async () => {
    const { calls } = renderBar();
    const ten = await screen.findByTestId('buy-bar-10');
    await waitFor(() => expect((ten as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ten);
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    expect(within(dialog).getByTestId('quote-count').textContent).toBe('10回');
    fireEvent.click(within(dialog).getByTestId('confirm-buy'));
    expect((await screen.findByTestId('where')).textContent).toContain('/gacha-animation');
    expect(calls).toEqual([
      { path: '/user/pack/check', payload: { count: 10, pack_id: 1 } },
      { path: '/user/pack/buy', payload: { count: 10, pack_id: 1 } },
    ]);
  });

  it('says why when the check refuses the count', async () => {
    renderBar({ check: { state: 400, errors: { count: ['購入回数が上限を超えています。'] } } as never });
    fireEvent.click(await screen.findByTestId('buy-bar-100'));
    expect((await screen.findByTestId('buy-bar-error')).textContent).toBe('購入回数が上限を超えています。');
  });

  it('sends a visitor to login with the pack', async () => {
    const { calls } = renderBar({ user: VISITOR, pack: makeDetail({ id: 9 }) });
    fireEvent.click(await screen.findByTestId('buy-bar-1'));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?packId=9|null');
    expect(calls).toHaveLength(0);
  });

  it('takes the member to the count field for another count', async () => {
    renderBar();
    const other = await screen.findByTestId('buy-bar-other');
    Element.prototype.scrollIntoView = vi.fn();
    fireEvent.click(other);
    expect(document.activeElement).toBe(screen.getByTestId('buy-count'));
  });

  it('is not shown when the pack cannot be bought', async () => {
    for (const pack of [
      makeDetail({ id: 3, pack_count: 0 }),
      makeDetail({ id: 4, is_before: true }),
      makeDetail({ id: 5, member_remaining: 0 }),
    ]) {
      renderBar({ pack });
      await screen.findByTestId('spin-button');
      expect(screen.queryByTestId('buy-bar')).toBeNull();
      cleanup();
    }
  });

  it('stays off until the shop has said who is buying', async () => {
    const { answer } = mockApiHoldingUser({
      'GET /user/pack/detail/*': { pack: makeDetail({ id: 6, point: 1000 }) },
      'GET /user/pack/card_list/*': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
      'GET /user/point': MEMBER,
      'POST /user/pack/check': CHECK_OK,
    });
    renderAt('/pack-detail?packId=6', <PackDetailPage />, {
      extraRoutes: [{ path: '/login', element: <Where /> }],
    });
    const ten = (await screen.findByTestId('buy-bar-10')) as HTMLButtonElement;
    expect(ten.disabled).toBe(true);
    answer();
    await waitFor(() => expect(ten.disabled).toBe(false));
    fireEvent.click(ten);
    expect(await screen.findByRole('dialog', { name: '購入内容の確認' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('speaks English', async () => {
    renderBar();
    await screen.findByTestId('buy-bar');
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(await barButtons('Buy')).toEqual(['1 pull 1,000P', '10 pulls 10,000P', '100 pulls 100,000P', 'Other (choose a count)']);
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });
});
