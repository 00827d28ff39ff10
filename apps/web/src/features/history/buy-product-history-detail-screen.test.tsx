import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PackHistory, WonCard } from '@oripa/contract/gacha';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { BuyProductHistoryDetailScreen } from './buy-product-history-detail-screen.tsx';

const card = (history_id: number, status: WonCard['status'], buy_point = 100): WonCard => ({
  history_id,
  name: `カード${history_id}`,
  image: '/media/card.svg',
  rarity: 3,
  rarity_label: 'R',
  model_number: `MD-${history_id}`,
  num: 1,
  buy_point,
  action_type: '0',
  status,
});

const HISTORY: PackHistory = {
  id: 12,
  created: '2025/04/01 18:00',
  pack_name: '幻獣降臨オリパ',
  send_state: '2',
  point: 3000,
  is_buy_coin: 0,
  count: 3,
  status: '1',
  delivery_code: '1234-5678-9012,2222-3333-4444',
  send_card: 1,
  reduction_card: 2,
  reduction_point: 700,
};

describe('/buy-product-history-detail', () => {
  it('says 発送済み for a delivered parcel as the purchase list does, and prints its tracking number once', async () => {
    mockApi({
      'GET /user/history/detail/12': {
        history: { ...HISTORY, delivery_code: '555566667777', send_state: '2' },
        cards: [card(1, '1')],
        shipments: [
          { id: 7, state: 'delivered', carrier: 'yamato', tracking_number: '555566667777', tracking_url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=555566667777', shipped_at: '2025-04-02T01:00:00.000Z' },
        ],
      },
    });
    renderAt('/buy-product-history-detail?packHistoryId=12', <BuyProductHistoryDetailScreen />);
    const sheet = await screen.findByTestId('history-sheet');
    expect(sheet.textContent?.split('555566667777')).toHaveLength(2);
    expect(screen.getByTestId('shipment').textContent).toMatch(/^発送済み/);
  });

  it('shows the codes while no parcel is listed yet', async () => {
    mockApi({ 'GET /user/history/detail/12': { history: HISTORY, cards: [card(1, '1')], shipments: [] } });
    renderAt('/buy-product-history-detail?packHistoryId=12', <BuyProductHistoryDetailScreen />);
    expect((await screen.findByTestId('delivery-code')).textContent).toBe('1234-5678-9012 / 2222-3333-4444');
  });

  it('shows the purchase, its shipments and every card with its status', async () => {
    mockApi({
      'GET /user/history/detail/12': {
        history: HISTORY,
        cards: [card(1, '2', 300), card(2, '1'), card(3, '2', 400)],
        shipments: [
          { id: 5, state: 'shipped', carrier: 'yamato', tracking_number: '123456789012', tracking_url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=123456789012', shipped_at: '2025-04-02T01:00:00.000Z' },
          { id: 6, state: 'packed', carrier: '', tracking_number: '', tracking_url: '', shipped_at: null },
        ],
      },
    });
    renderAt('/buy-product-history-detail?packHistoryId=12', <BuyProductHistoryDetailScreen />);
    const sheet = await screen.findByTestId('history-sheet');
    expect(sheet.textContent).toContain('幻獣降臨オリパ');
    expect(sheet.textContent).toContain('3,000P');
    expect(sheet.textContent).toContain('700P');
    // Each parcel shows its own tracking number; the codes are not printed a second time.
    expect(screen.queryByTestId('delivery-code')).toBeNull();
    const shipments = screen.getAllByTestId('shipment');
    expect(shipments.map((s) => s.textContent)).toEqual(['発送済みお問い合わせ番号 123456789012ヤマト運輸の配送状況を見る', '発送準備中']);
    const link = screen.getByTestId('tracking-link') as HTMLAnchorElement;
    expect(link.href).toContain('number01=123456789012');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    const lines = within(screen.getByTestId('history-cards')).getAllByTestId('card-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/カード2.*発送$/),
      expect.stringContaining('変換済み+300P'),
      expect.stringContaining('変換済み+400P'),
    ]);
  });

  it('sends a purchase whose cards still wait for a choice to the card choice', async () => {
    mockApi({
      'GET /user/history/detail/12': { history: { ...HISTORY, status: '0', send_state: '0' }, cards: [card(1, '0')], shipments: [] },
    });
    const { router } = renderAt('/buy-product-history-detail?packHistoryId=12', <BuyProductHistoryDetailScreen />, {
      extraRoutes: [{ path: '/get-card-list', element: <p>card choice</p> }],
    });
    expect(await screen.findByText('card choice')).toBeTruthy();
    expect(router.state.location.search).toBe('?packHistoryId=12');
  });

  it('says so when the purchase is not the member’s', async () => {
    mockApi({ 'GET /user/history/detail/99': { state: 404, errors: { history: ['購入履歴が見つかりません。'] } } });
    renderAt('/buy-product-history-detail?packHistoryId=99', <BuyProductHistoryDetailScreen />);
    expect(await screen.findByText('購入履歴が見つかりませんでした。')).toBeTruthy();
  });
});
