import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, renderAt, Where, type ApiAnswer, type ApiRequest } from '@/test-utils.tsx';
import { ConfirmBuyProductScreen } from './confirm-buy-product-screen.tsx';
import { makePackDetail, payloadOf } from './test-results.ts';

interface Answers {
  check?: ApiAnswer<'POST /user/pack/check'>;
  buy?: ApiAnswer<'POST /user/pack/buy'>;
  pack?: ReturnType<typeof makePackDetail>;
}

function renderConfirm(path: string, { check, buy, pack = makePackDetail() }: Answers = {}) {
  const calls: { path: string; payload: unknown }[] = [];
  const record =
    <T extends object>(answer: T | undefined) =>
    (request: ApiRequest): T | { state: number } => {
      calls.push({ path: request.path, payload: payloadOf(request.body) });
      return answer ?? { state: 404 };
    };
  mockApi({
    'GET /user/pack/detail/*': { pack },
    'GET /user/point': MEMBER,
    'POST /user/pack/check': record(check),
    'POST /user/pack/buy': record(buy),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
  renderAt(path, <ConfirmBuyProductScreen />, {
    queryClient,
    extraRoutes: ['/', '/pack-detail', '/gacha-animation'].map((p) => ({ path: p, element: <Where /> })),
  });
  return calls;
}

describe('/confirm-buy-product', () => {
  it('shows the pack, the points to spend, the points held and the balance after', async () => {
    renderConfirm('/confirm-buy-product?packId=1&buyCount=3');
    expect((await screen.findByTestId('confirm-pack-name')).textContent).toBe('ポケモンカード 超高額オリパ');
    expect(screen.getByTestId('confirm-cost').textContent).toBe('3,000P');
    expect(screen.getByTestId('confirm-held').textContent).toBe('12,345P');
    expect(screen.getByTestId('confirm-after').textContent).toBe('9,345P');
    // The button says what it orders (特定商取引法 12-6): the count and the points.
    expect(screen.getByTestId('confirm-yes').textContent).toBe('3回購入する（3,000P）');
  });

  it('checks, then buys, then opens the reveal', async () => {
    const calls = renderConfirm('/confirm-buy-product?packId=1&buyCount=3', {
      check: { result: '1', cost: 3000, balance: '12345', balance_after: '9345' },
      buy: { result: '1', pack_history_id: 31 },
    });
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect((await screen.findByTestId('where')).textContent).toBe('/gacha-animation|{"from":"purchase","packHistoryId":31}');
    expect(calls).toEqual([
      { path: '/user/pack/check', payload: { count: 3, pack_id: 1 } },
      { path: '/user/pack/buy', payload: { pack_id: 1, count: 3 } },
    ]);
  });

  it('returns to the pack with the count error when the purchase is refused', async () => {
    const calls = renderConfirm('/confirm-buy-product?packId=1&buyCount=30', {
      check: { state: 400, result: '-1', errors: { count: ['ポイントが不足しています。'] } },
    });
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/pack-detail?packId=1&errorMessageCount=${new URLSearchParams({ x: 'ポイントが不足しています。' }).toString().slice(2)}|null`,
    );
    expect(calls.map((call) => call.path)).toEqual(['/user/pack/check']);
  });

  it('"No" returns to the pack', async () => {
    renderConfirm('/confirm-buy-product?packId=1&buyCount=1');
    fireEvent.click(await screen.findByTestId('confirm-no'));
    expect((await screen.findByTestId('where')).textContent).toBe('/pack-detail?packId=1|null');
  });

  it('returns to the pack for a count it cannot read', async () => {
    renderConfirm('/confirm-buy-product?packId=1&buyCount=abc');
    expect((await screen.findByTestId('where')).textContent).toBe('/pack-detail?packId=1|null');
  });

  it('goes to the top page without a pack', async () => {
    renderConfirm('/confirm-buy-product?buyCount=2');
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
  });
});
