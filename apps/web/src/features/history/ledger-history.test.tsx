import type { pointHistorySchema } from '@oripa/contract/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { BuyPointHistoryScreen } from './buy-point-history-screen.tsx';
import { CoinHistoryScreen } from './coin-history-screen.tsx';

const page = (current: number, all = 3) => ({ page: current, all_page: all, pages: Array.from({ length: all }, (_, i) => i + 1) });

const POINT_ROWS: z.infer<typeof pointHistorySchema>[] = [
  { id: 12, history_id: 7, reason: 'purchase', created: '2026/11/23 00:56', memo: 'ポイント購入（クレジットカード）', bonusPoint: 30000, money: 33000, balance: 31500, expires: '2027-05-22T15:56:00.000Z', free_point: 0, discount_yen: 3000 },
  { id: 11, history_id: 3, reason: 'pack', created: '2026/11/22 18:00', memo: 'パック購入 テストパック', bonusPoint: -1500, money: 0, balance: 1500, expires: '', free_point: -300, discount_yen: 0 },
  { id: 10, history_id: null, reason: 'login_bonus', created: '2026/11/22 09:00', memo: 'ログインボーナス（2026-11-22）', bonusPoint: 300, money: 0, balance: 3000, expires: '2027-02-20T00:00:00.000Z', free_point: 300, discount_yen: 0 },
];

describe('/buy-point-history', () => {
  it('shows date, memo, the signed points and the money paid, and pages', async () => {
    const fetchMock = mockApi({
      'GET /user/point/list/1': { list: POINT_ROWS, page: page(1) },
      'GET /user/point/list/2': {
        list: [{ id: 5, history_id: 3, reason: 'pack', created: '2026/11/22 18:00', memo: '2ページ目', bonusPoint: -1500, money: 0, balance: 0, expires: '', free_point: 0, discount_yen: 0 }],
        page: page(2),
      },
    });
    const { router } = renderAt('/buy-point-history', <BuyPointHistoryScreen />);
    const rows = await screen.findAllByTestId('point-history-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    // Free points apart (decision 055): none in a paid purchase, the free part of a spend, a free grant.
    expect(within(first).queryByTestId('ledger-free')).toBeNull();
    expect(within(second).getByTestId('ledger-free').textContent).toBe('うち無償ポイント -300P');
    expect(within(third).getByTestId('ledger-free').textContent).toBe('うち無償ポイント +300P');
    expect(screen.getByText(/無償ポイント（ボーナス・紹介・キャンペーンなどで付与）は有償ポイント（購入したポイント）より先に/)).toBeTruthy();
    expect(within(first).getByTestId('ledger-date').textContent).toBe('2026/11/23 00:56');
    expect(within(first).getByTestId('ledger-memo').textContent).toBe('ポイント購入（クレジットカード）');
    expect(within(first).getByTestId('ledger-points').textContent).toBe('+30,000P');
    expect(within(first).getByTestId('ledger-money').textContent).toBe('お支払い ¥33,000');
    // A coupon's discount on the purchase (decision 061): the money is what was paid after it.
    expect(within(first).getByTestId('ledger-discount').textContent).toBe('クーポン割引 −¥3,000');
    expect(within(second).getByTestId('ledger-points').textContent).toBe('-1,500P');
    expect(within(second).queryByTestId('ledger-money')).toBeNull();
    // The running balance on every row; a grant's expiry (Japan time) on grants only.
    expect(within(first).getByTestId('ledger-balance').textContent).toBe('残高 31,500P');
    expect(within(first).getByTestId('ledger-expires').textContent).toBe('有効期限 2027/05/23 00:56');
    expect(within(second).getByTestId('ledger-balance').textContent).toBe('残高 1,500P');
    expect(within(second).queryByTestId('ledger-expires')).toBeNull();
    // A paid purchase links to its payment's receipt (decision 044); a pack purchase has none.
    expect(within(first).getByTestId('ledger-receipt').getAttribute('href')).toBe('/point-receipt?paymentId=7');
    expect(within(second).queryByTestId('ledger-receipt')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '2ページ' }));
    await waitFor(() => expect(screen.getByTestId('ledger-memo').textContent).toBe('2ページ目'));
    expect(router.state.location.search).toBe('?page=2');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/user/point/list/1', '/api/user/point/list/2']);
  });

  it('opens the page of the query and says when there is nothing yet', async () => {
    mockApi({ 'GET /user/point/list/3': { list: [], page: page(3) } });
    renderAt('/buy-point-history?page=3', <BuyPointHistoryScreen />);
    expect((await screen.findByText('ポイントの履歴はまだありません。')).tagName).toBe('P');
  });
});

describe('/coin-history', () => {
  it('shows the coin decimals exactly as sent', async () => {
    mockApi({
      'GET /user/coin/list/1': {
        list: [
          { id: 3, history_id: null, reason: 'grant', created: '2026/11/23 01:00', memo: 'campaign', bonusCoin: '1234.50', money: 0 },
          { id: 2, history_id: 1, reason: 'exchange', created: '2026/11/22 01:00', memo: 'カード交換', bonusCoin: '-0.10', money: 0 },
        ],
        page: page(1, 1),
      },
      'GET /user/exchange/shipments': { list: [] },
    });
    renderAt('/coin-history', <CoinHistoryScreen />);
    const coins = await screen.findAllByTestId('ledger-coins');
    expect(coins.map((cell) => cell.textContent)).toEqual(['+1,234.5C', '-0.1C']);
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
    expect(screen.queryByTestId('exchange-shipments')).toBeNull();
  });

  it('shows the exchanged cards with their shipments and the carrier’s tracking link', async () => {
    mockApi({
      'GET /user/coin/list/1': { list: [], page: page(1, 1) },
      'GET /user/exchange/shipments': {
        list: [
          {
            id: 9,
            state: 'shipped',
            carrier: 'sagawa',
            tracking_number: '123412341234',
            tracking_url: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123412341234',
            shipped_at: '2026-11-23T01:00:00.000Z',
            card_name: '交換 紅蓮竜',
            created_at: '2026-11-22T01:00:00.000Z',
          },
        ],
      },
    });
    renderAt('/coin-history', <CoinHistoryScreen />);
    const section = await screen.findByTestId('exchange-shipments');
    expect(section.textContent).toContain('交換 紅蓮竜');
    expect(section.textContent).toContain('発送済み');
    expect((screen.getByTestId('tracking-link') as HTMLAnchorElement).href).toContain('okurijoNo=123412341234');
    expect(screen.getByTestId('tracking-link').textContent).toBe('佐川急便の配送状況を見る');
  });
});
