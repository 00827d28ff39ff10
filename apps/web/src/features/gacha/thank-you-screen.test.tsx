import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, type ApiAnswer } from '@/test-utils.tsx';
import { ThankYouScreen, type ThankYouState } from './thank-you-screen.tsx';
import { makeCard, makeResult } from './test-results.ts';

function renderThanks(result: ApiAnswer<'GET /user/pack/buy_result'>, state: ThankYouState | null = null, path = '/thank-you?packHistoryId=5') {
  mockApi({ 'GET /user/pack/buy_result?*': result, 'GET /user/pack/buy_result': result });
  const router = createMemoryRouter([{ path: '/thank-you', element: <ThankYouScreen /> }], {
    initialEntries: [{ pathname: path.split('?')[0] ?? '/', search: `?${path.split('?')[1] ?? ''}`, state }],
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const SHIPPING = '発送をお選びいただいた商品は、土日祝日を除く14営業日以内に発送いたします。';

describe('/thank-you', () => {
  it('thanks for a point purchase with what the decision did, and offers to play again', async () => {
    renderThanks(makeResult([], { pack_id: 3 }), { sendCount: 2, reductionCount: 8, reductionPoint: 1200, already: false });
    expect(await screen.findByRole('link', { name: 'もう一度回す' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/pack-detail\?packId=3$/),
    );
    expect(screen.getByTestId('shipping-note').textContent).toBe(SHIPPING);
    const summary = screen.getByTestId('thanks-summary');
    expect(summary.textContent).toContain('2枚');
    expect(summary.textContent).toContain('8枚');
    expect(summary.textContent).toContain('1,200P');
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('coin-shipped')).toBeNull();
  });

  it('lists the shipped cards of a coin purchase', async () => {
    const cards = [makeCard(21, { status: '1', name: 'ドラゴン' }), makeCard(22, { status: '1', name: 'ペンギン' })];
    renderThanks(makeResult(cards, { is_buy_coin: 1, pack_id: 10 }));
    const list = await screen.findByTestId('coin-shipped');
    expect(within(list).getAllByTestId('card-line').map((line) => line.textContent)).toEqual([
      expect.stringContaining('ドラゴン'),
      expect.stringContaining('ペンギン'),
    ]);
    expect(screen.getByText('コインで購入したパックの商品は、すべてご登録の住所へ発送いたします。')).toBeTruthy();
    expect(screen.getByTestId('shipping-note').textContent).toBe(SHIPPING);
    expect(screen.getByRole('link', { name: 'もう一度回す' }).getAttribute('href')).toBe('/pack-detail?packId=10');
  });

  it('says so when the cards had been chosen before', async () => {
    renderThanks(makeResult([]), { sendCount: 0, reductionCount: 0, reductionPoint: 0, already: true });
    expect(await screen.findByText('この購入のカードはすでに選択が完了しています。')).toBeTruthy();
    expect(screen.queryByTestId('thanks-summary')).toBeNull();
  });

  it('says nothing of shipping when every card became points', async () => {
    const cards = [makeCard(31, { status: '2' }), makeCard(32, { status: '2' })];
    renderThanks(makeResult(cards, { pack_id: 3 }), { sendCount: 0, reductionCount: 2, reductionPoint: 500, already: false });
    await screen.findByRole('link', { name: 'もう一度回す' });
    expect(screen.getByTestId('thanks-summary').textContent).toContain('500P');
    expect(screen.queryByTestId('shipping-note')).toBeNull();
  });

  it('says when cards ship on a reload too (no decision in hand), from the purchase', async () => {
    renderThanks(makeResult([makeCard(41, { status: '1' }), makeCard(42, { status: '2' })], { pack_id: 3 }));
    expect((await screen.findByTestId('shipping-note')).textContent).toBe(SHIPPING);
  });

  it('still thanks, without play again, when the purchase cannot be loaded', async () => {
    renderThanks({ state: 404, result: '0', cards: [], errors: { result: ['購入結果が見つかりません。'] } }, null, '/thank-you');
    expect(await screen.findByText('ご購入の手続きが完了しました。')).toBeTruthy();
    expect(screen.queryByTestId('shipping-note')).toBeNull();
    expect(screen.getByRole('link', { name: 'トップへ戻る' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'もう一度回す' })).toBeNull();
  });
});
