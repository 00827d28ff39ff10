import type { CurrentUser } from '@oripa/contract/user';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, renderAt, VISITOR, type ApiAnswer } from '@/test-utils.tsx';
import { outcome, pack, recorder, Where, type RecordedCall } from '../test-support.tsx';
import {
  CompleteBuyPointAmazonPayScreen,
  CompleteBuyPointScreen,
  CompleteCarrierScreen,
  ErrorCarrierScreen,
} from './complete-screens.tsx';

const targets = ['/', '/pack-detail', '/buy-point', '/buy-point-history', '/pay-redirect'].map((path) => ({ path, element: <Where /> }));

function renderResult(path: string, element: React.ReactNode, end: ApiAnswer<'POST /user/gmo_result'>, user: CurrentUser = MEMBER) {
  const calls: RecordedCall[] = [];
  mockApi({
    'GET /user/point/end*': recorder(calls)(end),
    'POST /user/gmo_result': recorder(calls)(end),
    'GET /user/pack/detail/9': { pack: pack() },
    'GET /user/point': recorder(calls)(user),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = renderAt(path, element, { queryClient, extraRoutes: targets });
  return { ...view, calls };
}

describe('/complete-buy-point', () => {
  it('result 1: purchase complete with the success text, the points, and the header refreshed', async () => {
    const { calls } = renderResult('/complete-buy-point?payment_id=31&pay_id=5', <CompleteBuyPointScreen />, outcome());
    expect((await screen.findByTestId('pay-result-success')).textContent).toContain('決済が完了し、ポイントに反映されました。');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('購入完了');
    expect(screen.getByTestId('pay-result-points').textContent).toBe('3,000P');
    expect(calls[0]?.path).toBe('/user/point/end?payment_id=31');
    // Points were credited: the header's balance is fetched again.
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/user/point'));
    expect(screen.getByTestId('to-top').getAttribute('href')).toBe('/');
  });

  it('with pack_id: loads that pack and leads back to it', async () => {
    renderResult('/complete-buy-point?payment_id=31', <CompleteBuyPointScreen />, outcome({ pack_id: 9 }));
    expect((await screen.findByTestId('pack-note-name')).textContent).toBe('テストパック');
    expect(screen.queryByTestId('to-top')).toBeNull();
    fireEvent.click(screen.getByTestId('back-to-pack'));
    expect((await screen.findByTestId('where')).textContent).toBe('/pack-detail?packId=9');
  });

  it('anything else: purchase failed with the server’s text and another method for the same pack', async () => {
    renderResult(
      '/complete-buy-point?payment_id=36&pay_id=12',
      <CompleteBuyPointScreen />,
      outcome({ result: '0', pack_id: 9, payment_state: 'failed', message: '決済に失敗しました。ご利用のウォレットの状態をご確認ください。' }),
    );
    expect((await screen.findByTestId('pay-result-failure')).textContent).toContain('ご利用のウォレットの状態');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('購入失敗');
    expect(screen.queryByTestId('pack-note')).toBeNull();
    expect(screen.getByTestId('choose-another').getAttribute('href')).toBe('/buy-point?packId=9');
  });

  it('still waiting: says so and can check again', async () => {
    const { calls } = renderResult('/complete-buy-point?payment_id=33', <CompleteBuyPointScreen />, outcome({ result: '2', payment_state: 'pending', message: '確認しています。' }));
    expect((await screen.findByTestId('pay-result-waiting')).textContent).toContain('確認しています。');
    fireEvent.click(screen.getByTestId('recheck'));
    await screen.findByTestId('pay-result-waiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(calls.filter((call) => call.path.startsWith('/user/point/end'))).toHaveLength(2);
  });

  it('an unknown payment is a failure', async () => {
    renderResult('/complete-buy-point?payment_id=99', <CompleteBuyPointScreen />, { state: 404, errors: { payment: ['お支払い情報が見つかりません。'] } });
    expect((await screen.findByTestId('pay-result-text')).textContent).toBe('お支払い情報が見つかりません。');
  });

  it('blocks leaving toward /pay-redirect (the back button), and lets every other way out', async () => {
    mockApi({ 'GET /user/point/end*': outcome() });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    const router = createMemoryRouter(
      [{ path: '/complete-buy-point', element: <CompleteBuyPointScreen /> }, ...targets],
      { initialEntries: ['/pay-redirect?payment_id=31', '/complete-buy-point?payment_id=31'], initialIndex: 1 },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('pay-result-success');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/complete-buy-point');
    expect((await screen.findByTestId('pay-alert-message')).textContent).toContain('決済処理の画面には戻れません');
    fireEvent.click(screen.getByTestId('pay-alert-ok'));
    expect(screen.queryByTestId('pay-alert-message')).toBeNull();
    fireEvent.click(screen.getByTestId('to-history'));
    expect((await screen.findByTestId('where')).textContent).toBe('/buy-point-history');
  });
});

describe('the wallet version and the carrier screens', () => {
  it('/complete-buy-point-amazom-pay: purchase complete or failed from point/end of the session', async () => {
    const { calls } = renderResult('/complete-buy-point-amazom-pay', <CompleteBuyPointAmazonPayScreen />, outcome({ pay_id: '3' }));
    await screen.findByTestId('pay-result-success');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('購入完了');
    expect(calls[0]?.path).toBe('/user/point/end');
  });

  it('/complete-carrier: success; /error-carrier: the carrier failure text', async () => {
    renderResult('/complete-carrier?payment_id=34&pay_id=6', <CompleteCarrierScreen />, outcome({ pay_id: '6' }));
    expect((await screen.findByTestId('pay-result-success')).textContent).toContain('決済が完了し、ポイントに反映されました。');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('決済完了');
  });

  it('/error-carrier: the carrier text; the card text after a failed 3-D Secure', async () => {
    const failed = outcome({ result: '0', pay_id: '6', payment_state: 'failed' });
    renderResult('/error-carrier?payment_id=34&pay_id=6', <ErrorCarrierScreen />, failed);
    expect((await screen.findByTestId('pay-result-text')).textContent).toBe(
      '決済が失敗しました。ご契約状況をご確認ください。状態が不明な場合は、各サービス会社にお問い合わせください。',
    );
  });

  it('/error-carrier after a card: the card-company text, from the card result check', async () => {
    const { calls } = renderResult('/error-carrier?payment_id=41&pay_id=1', <ErrorCarrierScreen />, outcome({ result: '0', pay_id: '1' }));
    expect((await screen.findByTestId('pay-result-text')).textContent).toBe(
      '決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。',
    );
    expect(calls.map((call) => [call.method, call.path, call.payload])).toEqual([['POST', '/user/gmo_result', { id: 41, pay_type: 1 }]]);
  });

  it('is public: a visitor sees the result without a call about the payment', async () => {
    const { calls } = renderResult('/complete-carrier?payment_id=34&pay_id=6', <CompleteCarrierScreen />, outcome(), VISITOR);
    await screen.findByTestId('pay-result-success');
    expect(calls.filter((call) => call.path.startsWith('/user/point/end'))).toHaveLength(0);
    expect(screen.queryByTestId('to-history')).toBeNull();
  });
});
