import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, Where, type ApiAnswer } from '@/test-utils.tsx';
import { GetCardListScreen } from './get-card-list-screen.tsx';
import { makeCard, makeResult } from './test-results.ts';

const CARDS = [
  makeCard(11, { buy_point: 100 }),
  makeCard(12, { action_type: '2', buy_point: 900, name: '発送限定カード' }),
  makeCard(13, { buy_point: 250 }),
  makeCard(14, { buy_point: 1000 }),
];

function renderList(path = '/get-card-list', result: ApiAnswer<'GET /user/pack/buy_result'> = makeResult(CARDS)) {
  const fetchMock = mockApi({ 'GET /user/pack/buy_result': result, 'GET /user/pack/buy_result?*': result });
  const view = renderAt(path, <GetCardListScreen />, {
    extraRoutes: ['/', '/confirm-get-card-list', '/thank-you'].map((p) => ({ path: p, element: <Where /> })),
  });
  return { ...view, fetchMock };
}

function cardOf(id: number): HTMLElement {
  const card = screen.getAllByTestId('pick-card').find((element) => element.dataset.id === String(id));
  if (!card) throw new Error(`card ${id} not rendered`);
  return card;
}

describe('/get-card-list', () => {
  it('starts with nothing shipped but the ship-only card, which is locked', async () => {
    renderList();
    expect(await screen.findAllByTestId('pick-card')).toHaveLength(4);
    const locked = within(cardOf(12)).getByRole('checkbox') as HTMLInputElement;
    expect(locked.checked).toBe(true);
    expect(locked.disabled).toBe(true);
    expect(cardOf(12).textContent).toContain('発送のみ');
    expect((within(cardOf(11)).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('ship-count').textContent).toBe('1枚');
    expect(screen.getByTestId('convert-count').textContent).toBe('3枚');
    expect(screen.getByTestId('convert-points').textContent).toBe('1,350P');
    expect(screen.getByTestId('deadline').textContent).toContain('選択期限');
  });

  it('toggles free cards, keeps ship-only ones, and totals the conversion live', async () => {
    renderList();
    await screen.findAllByTestId('pick-card');
    fireEvent.click(within(cardOf(14)).getByRole('checkbox'));
    expect(screen.getByTestId('ship-count').textContent).toBe('2枚');
    expect(screen.getByTestId('convert-points').textContent).toBe('350P');
    fireEvent.click(within(cardOf(12)).getByRole('checkbox'));
    expect((within(cardOf(12)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(cardOf(14)).getByRole('checkbox'));
    expect(screen.getByTestId('convert-points').textContent).toBe('1,350P');

    fireEvent.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('ship-count').textContent).toBe('4枚');
    expect(screen.getByTestId('convert-points').textContent).toBe('0P');
    fireEvent.click(screen.getByTestId('select-none'));
    expect(screen.getByTestId('ship-count').textContent).toBe('1枚');
  });

  it('passes the ids to ship (ship-only included) to the confirmation', async () => {
    renderList('/get-card-list?packHistoryId=5');
    await screen.findAllByTestId('pick-card');
    fireEvent.click(within(cardOf(13)).getByRole('checkbox'));
    fireEvent.click(within(cardOf(11)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('to-confirm'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/confirm-get-card-list?packHistoryId=5&selectedCardHistoryIds=${encodeURIComponent('11-13')}|null`,
    );
  });

  it('asks for the purchase named in the query and restores a choice handed back', async () => {
    const { fetchMock } = renderList('/get-card-list?packHistoryId=5&selectedCardHistoryIds=14,12,99');
    await screen.findAllByTestId('pick-card');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/buy_result?pack_history_id=5')).toBe(true);
    expect((within(cardOf(14)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('ship-count').textContent).toBe('2枚');
  });

  it('goes to the top page when there are no cards', async () => {
    renderList('/get-card-list', makeResult([]));
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
  });

  it('goes to the top page when there is no purchase', async () => {
    renderList('/get-card-list', { state: 404, result: '0', cards: [], errors: { result: ['購入結果が見つかりません。'] } });
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
  });

  it('shows a coin purchase as shipped and leads on to the thank-you page', async () => {
    const shipped = [makeCard(21, { status: '1' }), makeCard(22, { status: '1', action_type: '2' })];
    renderList('/get-card-list?packHistoryId=8', makeResult(shipped, { is_buy_coin: 1, pack_history_id: 8 }));
    await screen.findAllByTestId('pick-card');
    expect(screen.queryByTestId('select-all')).toBeNull();
    expect(screen.getByTestId('ship-count').textContent).toBe('2枚');
    fireEvent.click(screen.getByTestId('to-confirm'));
    expect((await screen.findByTestId('where')).textContent).toBe('/thank-you?packHistoryId=8|null');
  });

  it('renders a bounded number of cards for a 3000-card purchase', async () => {
    const many = Array.from({ length: 3000 }, (_, index) => makeCard(1000 + index));
    renderList('/get-card-list', makeResult(many));
    const rendered = await screen.findAllByTestId('pick-card');
    expect(rendered.length).toBeLessThan(20);
    expect(screen.getByTestId('convert-count').textContent).toBe('3,000枚');
  });
});
