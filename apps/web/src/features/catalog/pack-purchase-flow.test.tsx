import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import type { CurrentUser } from '@oripa/contract/user';
import { createTestQueryClient, MEMBER, mockApi, mockApiHoldingUser, renderAt, VISITOR, Where, type ApiAnswer, type ApiHandler } from '@/test-utils.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';
import { makeDetail } from '@/test-packs.ts';

const payloadOf = (body: URLSearchParams | null) => JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;

interface Setup {
  pack?: ReturnType<typeof makeDetail>;
  user?: CurrentUser;
  check?: ApiAnswer<'POST /user/pack/check'> | ApiHandler<'POST /user/pack/check'>;
  buy?: ApiAnswer<'POST /user/pack/buy'> | ApiHandler<'POST /user/pack/buy'>;
}

function renderPurchase({ pack = makeDetail({ id: 1, point: 1000 }), user = MEMBER, check, buy }: Setup) {
  const calls: { path: string; payload: Record<string, unknown> }[] = [];
  const record =
    <K extends 'POST /user/pack/check' | 'POST /user/pack/buy'>(answer: ApiAnswer<K> | ApiHandler<K> | undefined): ApiHandler<K> =>
    (request) => {
      calls.push({ path: request.path, payload: payloadOf(request.body) });
      if (typeof answer === 'function') return answer(request);
      return answer ?? ({ state: 404 } as ApiAnswer<K>);
    };
  const fetchMock = mockApi({
    'GET /user/pack/detail/*': { pack },
    'GET /user/pack/card_list/*': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
    'GET /user/point': user,
    'POST /user/pack/check': record(check),
    'POST /user/pack/buy': record(buy),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = renderAt(`/pack-detail?packId=${pack.id}`, <PackDetailPage />, {
    queryClient,
    extraRoutes: ['/login', '/gacha-animation', '/buy-point'].map((path) => ({ path, element: <Where /> })),
  });
  return { ...view, calls, fetchMock };
}

const CHECK_OK = { result: '1', cost: 3000, balance: '12345', balance_after: '9345' };

describe('pack detail purchase flow', () => {
  it('sends a visitor who spins to login with the pack id, without a check', async () => {
    const { calls } = renderPurchase({ user: VISITOR, pack: makeDetail({ id: 42 }) });
    fireEvent.click(await screen.findByTestId('spin-button'));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?packId=42|null');
    expect(calls).toHaveLength(0);
  });

  it('checks the count, confirms cost and balances, buys once and opens the reveal', async () => {
    const { calls, fetchMock } = renderPurchase({ check: CHECK_OK, buy: { result: '1', pack_history_id: 77 } });
    fireEvent.change(await screen.findByTestId('buy-count'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('spin-button'));

    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    expect(calls).toEqual([{ path: '/user/pack/check', payload: { count: 3, pack_id: 1 } }]);
    expect(within(dialog).getByTestId('quote-count').textContent).toBe('3回');
    expect(within(dialog).getByTestId('quote-cost').textContent).toBe('3,000P');
    expect(within(dialog).getByTestId('quote-balance').textContent).toBe('12,345P');
    expect(within(dialog).getByTestId('quote-after').textContent).toBe('9,345P');
    expect(within(dialog).queryByTestId('coin-note')).toBeNull();

    const userFetches = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user/point').length;
    const before = userFetches();
    const confirm = within(dialog).getByTestId('confirm-buy');
    // The button says what it orders (特定商取引法 12-6), never a bare 「はい」.
    expect(confirm.textContent).toBe('3回購入する（3,000P）');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/gacha-animation|{"from":"purchase","packHistoryId":77}',
    );
    expect(calls.filter((call) => call.path === '/user/pack/buy')).toEqual([
      { path: '/user/pack/buy', payload: { pack_id: 1, count: 3 } },
    ]);
    // The header balances are refreshed after the purchase.
    expect(userFetches()).toBeGreaterThan(before);
  });

  it('notes on a coin pack that its items cannot be converted, in coins', async () => {
    renderPurchase({
      pack: makeDetail({ id: 5, point: 40, payment_method: '2' }),
      check: { result: '1', cost: 40, balance: '1234.50', balance_after: '1194.50' },
    });
    fireEvent.click(await screen.findByTestId('spin-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('quote-cost').textContent).toBe('40C');
    expect(within(dialog).getByTestId('quote-balance').textContent).toBe('1,234.5C');
    expect(within(dialog).getByTestId('quote-after').textContent).toBe('1,194.5C');
    expect(within(dialog).getByTestId('coin-note').textContent).toContain('ポイントに変換できません');
  });

  it('offers to buy points, keeping the pack, when points are short', async () => {
    renderPurchase({
      pack: makeDetail({ id: 9 }),
      check: { state: 400, result: '-1', errors: { count: ['ポイントが不足しています。'] } },
    });
    fireEvent.click(await screen.findByTestId('spin-button'));
    const dialog = await screen.findByRole('alertdialog', { name: 'ポイント不足' });
    expect(dialog.textContent).toContain('ポイントが不足しています。購入しますか？');
    expect(screen.getByTestId('count-error').textContent).toBe('ポイントが不足しています。');

    fireEvent.click(within(dialog).getByRole('button', { name: 'いいえ' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByTestId('spin-button'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ポイントを購入する' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/buy-point?packId=9|null');
  });

  it('only says so when coins are short', async () => {
    renderPurchase({
      pack: makeDetail({ id: 5, point: 40, payment_method: '2' }),
      check: { state: 400, result: '-1', errors: { count: ['コインが不足しています。'] } },
    });
    fireEvent.click(await screen.findByTestId('spin-button'));
    const dialog = await screen.findByRole('alertdialog', { name: 'コイン不足' });
    expect(dialog.textContent).toContain('コインが不足しています');
    expect(within(dialog).queryByRole('button', { name: 'ポイントを購入する' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: '閉じる' })[1] as HTMLElement);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows any other refusal of the count under the select, without a modal', async () => {
    renderPurchase({ check: { state: 400, result: '0', errors: { count: ['お一人様3口までです。'] } } });
    fireEvent.click(await screen.findByTestId('spin-button'));
    expect((await screen.findByTestId('count-error')).textContent).toBe('お一人様3口までです。');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes the confirmation and shows the count error when the buy is refused', async () => {
    renderPurchase({
      check: CHECK_OK,
      buy: { state: 409, result: '0', errors: { count: ['購入内容を確認してから購入してください。'] } },
    });
    fireEvent.click(await screen.findByTestId('spin-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-buy'));
    expect((await screen.findByTestId('count-error')).textContent).toBe('購入内容を確認してから購入してください。');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a member whose session ended to login', async () => {
    renderPurchase({ pack: makeDetail({ id: 3 }), check: { state: 401, errors: {} } });
    fireEvent.click(await screen.findByTestId('spin-button'));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?packId=3|null');
  });

  it('keeps the spin button off until the shop has said who is buying: a tap then never sends a signed-in member to login', async () => {
    // A server-rendered pack page hydrates before /user/point answers (decision 032).
    const { answer } = mockApiHoldingUser({
      'GET /user/pack/detail/*': { pack: makeDetail({ id: 5, point: 1000 }) },
      'GET /user/pack/card_list/*': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
      'GET /user/point': MEMBER,
      'POST /user/pack/check': CHECK_OK,
    });
    renderAt('/pack-detail?packId=5', <PackDetailPage />, { extraRoutes: [{ path: '/login', element: <Where /> }] });
    const button = (await screen.findByTestId('spin-button')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByTestId('where')).toBeNull();

    answer();
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: '購入内容の確認' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
