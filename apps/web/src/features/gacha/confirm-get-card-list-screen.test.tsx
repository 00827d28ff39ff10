import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, renderAt, userDetail, Where, type ApiAnswer, type ApiHandler } from '@/test-utils.tsx';
import { ConfirmGetCardListScreen } from './confirm-get-card-list-screen.tsx';
import { makeCard, makeResult, payloadOf } from './test-results.ts';

const CARDS = [
  makeCard(11, { buy_point: 100 }),
  makeCard(12, { action_type: '2', buy_point: 900 }),
  makeCard(13, { buy_point: 250, rarity: 7, rarity_label: 'UR' }),
  makeCard(14, { buy_point: 1000 }),
];

/** A decision answer; the screen reads only the result. */
const DECIDED = { result: '1', send_count: 1, reduction_count: 1, reduction_point: 250 };

function renderConfirm(decision: ApiAnswer<'POST /user/pack/decision'> | ApiHandler<'POST /user/pack/decision'>, query = 'packHistoryId=5&selectedCardHistoryIds=13,99') {
  const decisions: unknown[] = [];
  let resultCalls = 0;
  const fetchMock = mockApi({
    'GET /user/point': MEMBER,
    'GET /user/detail': userDetail({ zipcode: '1500002', pref_name: '東京都', shiku: '渋谷区渋谷', address: '2-21-1', building: 'ヒカリエ 8F' }),
    'GET /user/pack/buy_result?*': () => {
      resultCalls += 1;
      return makeResult(CARDS);
    },
    'POST /user/pack/decision': (request) => {
      decisions.push(payloadOf(request.body));
      return typeof decision === 'function' ? decision(request) : decision;
    },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
  const view = renderAt(`/confirm-get-card-list?${query}`, <ConfirmGetCardListScreen />, {
    queryClient,
    extraRoutes: ['/', '/thank-you', '/get-card-list'].map((path) => ({ path, element: <Where /> })),
  });
  return { ...view, decisions, fetchMock, queryClient, resultCalls: () => resultCalls };
}

describe('/confirm-get-card-list', () => {
  it('shows what ships (the chosen and the ship-only cards), what converts, and the points', async () => {
    renderConfirm(DECIDED);
    const ship = await screen.findByTestId('ship-group');
    expect(within(ship).getAllByTestId('card-line').map((line) => line.textContent)).toEqual([
      expect.stringContaining('カード13'),
      expect.stringContaining('カード12'),
    ]);
    const convert = screen.getByTestId('convert-group');
    expect(within(convert).getAllByTestId('card-line')).toHaveLength(2);
    expect(screen.getByTestId('decide-points').textContent).toBe('1,100P');
    expect(screen.getByTestId('address-note').textContent).toContain('ご登録の住所');
    // The address the cards go to, with the way to change it (issue 15).
    const address = await screen.findByTestId('ship-to-address');
    expect(Array.from(address.children).map((line) => line.textContent)).toEqual(['〒150-0002', '東京都渋谷区渋谷2-21-1', 'ヒカリエ 8F', '山田 太郎']);
    expect(within(screen.getByTestId('address-note')).getByRole('link', { name: 'お届け先を変更する' }).getAttribute('href')).toBe('/change-member');
  });

  it('sends exactly the undecided cards, split into send_card and reduction_card, then thanks', async () => {
    const { decisions, queryClient } = renderConfirm({ result: '1', send_count: 2, reduction_count: 2, reduction_point: 1100 });
    fireEvent.click(await screen.findByTestId('decide'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/thank-you?packHistoryId=5|{"sendCount":2,"reductionCount":2,"reductionPoint":1100,"already":false}',
    );
    expect(decisions).toHaveLength(1);
    const payload = decisions[0] as { send_card: number[]; reduction_card: number[] };
    expect([...payload.send_card].sort()).toEqual([12, 13]);
    expect([...payload.reduction_card].sort()).toEqual([11, 14]);
    expect(Object.keys(payload).sort()).toEqual(['reduction_card', 'send_card']);
    // The balances in the header are refreshed after the decision.
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });

  it('treats an earlier decision (204 / -1) as done', async () => {
    renderConfirm({ state: 204, result: '-1', send_count: 0, reduction_count: 0, reduction_point: 0 });
    fireEvent.click(await screen.findByTestId('decide'));
    expect((await screen.findByTestId('where')).textContent).toContain('/thank-you?packHistoryId=5|');
    expect(screen.getByTestId('where').textContent).toContain('"already":true');
  });

  it('shows errors.card clearly and reloads the cards on request', async () => {
    const { resultCalls } = renderConfirm({
      state: 400,
      result: '0',
      errors: { card: ['選択されたカードが購入内容と一致しません。'] },
    });
    fireEvent.click(await screen.findByTestId('decide'));
    const error = await screen.findByTestId('decide-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('選択されたカードが購入内容と一致しません。');
    const before = resultCalls();
    fireEvent.click(within(error).getByRole('button', { name: '最新の状態を読み込む' }));
    await waitFor(() => expect(resultCalls()).toBeGreaterThan(before));
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('goes back to the choice with the same cards chosen', async () => {
    renderConfirm(DECIDED);
    fireEvent.click(await screen.findByTestId('back-to-list'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/get-card-list?packHistoryId=5&selectedCardHistoryIds=${encodeURIComponent('12,13')}|null`,
    );
  });

  it('converts everything when nothing was chosen', async () => {
    const { decisions } = renderConfirm(DECIDED, 'packHistoryId=5&selectedCardHistoryIds=');
    fireEvent.click(await screen.findByTestId('decide'));
    await screen.findByTestId('where');
    const payload = decisions[0] as { send_card: number[]; reduction_card: number[] };
    expect(payload.send_card).toEqual([12]);
    expect([...payload.reduction_card].sort()).toEqual([11, 13, 14]);
  });
});
