import type { PackHistory } from '@oripa/contract/gacha';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { BuyProductHistoryScreen, historyRowPath } from './buy-product-history-screen.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function row(id: number, overrides: Partial<PackHistory> = {}): PackHistory {
  return {
    id,
    created: '2025/04/01 18:00',
    pack_name: `パック${id}`,
    send_state: '2',
    point: 10000,
    is_buy_coin: 0,
    count: 10,
    status: '1',
    delivery_code: '',
    send_card: 2,
    reduction_card: 8,
    reduction_point: 1200,
    ...overrides,
  };
}

function renderHistory(path = '/buy-product-history') {
  const requests: { page: string; mode: unknown }[] = [];
  mockApi({
    'POST /user/history/list/*': ({ path: url, body }) => {
      const page = url.split('/').pop() ?? '';
      const mode = (JSON.parse(body?.get('json') ?? '{}') as { mode?: string }).mode;
      requests.push({ page, mode });
      const list =
        mode === '1'
          ? [row(40, { send_state: '0', status: '0', pack_name: '未選択のパック', send_card: 0, reduction_card: 0, reduction_point: 0 })]
          : [row(Number(page) * 10), row(Number(page) * 10 + 1, { is_buy_coin: 1, point: 50, send_state: '1', reduction_card: 0, reduction_point: 0 })];
      return { list, page: { page: Number(page), all_page: 3, pages: [1, 2, 3] } };
    },
  });
  const view = renderAt(path, <BuyProductHistoryScreen />, {
    extraRoutes: ['/buy-product-history-detail', '/get-card-list'].map((p) => ({ path: p, element: <Where /> })),
  });
  return { ...view, requests };
}

describe('/buy-product-history', () => {
  it('lists the purchases of mode 0 with date, pack, count, cost, state and converted points', async () => {
    const { requests } = renderHistory();
    const rows = await screen.findAllByTestId('history-row');
    expect(requests).toEqual([{ page: '1', mode: '0' }]);
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('2025/04/01 18:00');
    expect(first.textContent).toContain('パック10');
    expect(first.textContent).toContain('10回');
    expect(first.textContent).toContain('10,000P');
    expect(within(first).getByTestId('send-state').textContent).toBe('発送済み');
    expect(first.textContent).toContain('変換 8枚（1,200P）');
    expect(rows[1]?.textContent).toContain('50C');
    expect(within(rows[1] as HTMLElement).getByTestId('send-state').textContent).toBe('発送準備中');
    expect(screen.getByTestId('history-mode-0').getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the filter and goes back to page 1', async () => {
    const { requests, router } = renderHistory();
    await screen.findAllByTestId('history-row');
    fireEvent.click(screen.getByRole('button', { name: '2ページ' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: '2', mode: '0' }));
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.click(screen.getByTestId('history-mode-1'));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: '1', mode: '1' }));
    expect(router.state.location.search).toBe('?mode=1');
    expect(await screen.findByText('未選択のパック')).toBeTruthy();
    expect(screen.getByTestId('history-mode-1').getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the detail of a decided purchase and the card choice of an undecided one', async () => {
    renderHistory('/buy-product-history?mode=1');
    fireEvent.click(await screen.findByText('未選択のパック'));
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=40');
    expect(historyRowPath({ id: 10, status: '1' })).toBe('/buy-product-history-detail?packHistoryId=10');
  });

  it('says so when there is nothing to show', async () => {
    mockApi({ 'POST /user/history/list/*': { list: [], page: { page: 1, all_page: 1, pages: [1] } } });
    renderAt('/buy-product-history', <BuyProductHistoryScreen />);
    expect(await screen.findByText('商品の購入履歴はまだありません。')).toBeTruthy();
  });
});
