import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { groupByCardType } from './group-packs.ts';
import { makePack } from '@/test-packs.ts';
import { TopPage } from './top-page.tsx';

const TYPES = [
  { id: 1, name: 'ポケモンカード' },
  { id: 2, name: 'ワンピースカード' },
  { id: 3, name: '遊戯王' },
];

const PACKS = [
  makePack({ id: 1, name: 'ポケカ 1', card_type: 1 }),
  makePack({ id: 2, name: 'ワンピ 完売', card_type: 2, pack_count: 0 }),
  makePack({ id: 3, name: '予告 後', card_type: 1, is_before: true, start_date: '2030-02-01T03:00:00Z' }),
  makePack({ id: 4, name: '予告 先', card_type: 2, is_before: true, start_date: '2030-01-01T03:00:00Z' }),
  makePack({ id: 5, name: 'コイン', card_type: 1, payment_method: '2', point: 30 }),
];

function renderTop(path = '/') {
  mockApi({
    'GET /user/point': VISITOR,
    'GET /user/pack/list': { list: PACKS },
    'GET /user/card_type': { list: TYPES },
    'GET /user/banner': { mode: 1, list: [] },
    'GET /user/site_info': { state: 500 },
  });
  return renderAt(path, <TopPage />);
}

describe('groupByCardType', () => {
  it('groups packs on sale by card type in the list order and leaves empty types out', () => {
    const groups = groupByCardType(PACKS, TYPES, 'その他');
    expect(groups.map((group) => [group.typeId, group.packs.map((pack) => pack.id)])).toEqual([
      [1, [1, 5]],
      [2, [2]],
    ]);
  });

  it('puts packs of an unlisted type in a last group', () => {
    const groups = groupByCardType([makePack({ id: 9, card_type: 77 })], TYPES, 'その他');
    expect(groups).toEqual([{ typeId: 0, name: 'その他', packs: [expect.objectContaining({ id: 9 })] }]);
  });
});

describe('top page', () => {
  it('announces a running campaign once hydrated, from its own chunk, with a way to buy points (decision 060)', async () => {
    mockApi({
      'GET /user/point': VISITOR,
      'GET /user/pack/list': { list: PACKS },
      'GET /user/card_type': { list: TYPES },
      'GET /user/banner': { mode: 1, list: [] },
      'GET /user/site_info': { state: 500 },
      'GET /user/campaigns': { campaigns: [{ kind: 'coinback_multiplier', name: '週末コインバック', percent: null, multiplier: 2, ends_at: '2099-01-01T00:00:00.000Z', budget_left: true }] },
    });
    renderAt('/', <TopPage />);
    const banner = await screen.findByTestId('campaign-banner');
    expect(banner.textContent).toContain('週末コインバック：ポイント購入のランク特典コインバックが 2倍');
    expect(within(banner).getByRole('link', { name: 'ポイントを購入する' }).getAttribute('href')).toBe('/buy-point');
  });

  it('shows the packs grouped by card type with links to the full lists', async () => {
    renderTop();
    const pokemon = (await screen.findByRole('heading', { name: 'ポケモンカード' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(pokemon)
        .getAllByTestId('pack-tile')
        .map((tile) => tile.getAttribute('data-pack-id')),
    ).toEqual(['1', '5']);
    expect(
      within(pokemon)
        .getByRole('link', { name: /すべて見る/ })
        .getAttribute('href'),
    ).toBe('/pack-list?index=1');
    expect(screen.queryByRole('heading', { name: '遊戯王' })).toBeNull();
  });

  it('links tiles to the pack detail, shows price badges and the remaining bar', async () => {
    renderTop();
    const tiles = await screen.findAllByTestId('pack-tile');
    const first = tiles.find((tile) => tile.getAttribute('data-pack-id') === '1') as HTMLElement;
    expect(first.getAttribute('href')).toBe('/pack-detail?packId=1');
    expect(first.textContent).toContain('残り 123 / 500');
    expect(first.textContent).toContain('1,000');
    const coin = tiles.find((tile) => tile.getAttribute('data-pack-id') === '5') as HTMLElement;
    expect(coin.querySelector('.currency-badge--coin')?.textContent).toBe('C');
  });

  it('marks sold-out packs and does not link them', async () => {
    renderTop();
    const tiles = await screen.findAllByTestId('pack-tile');
    const soldOut = tiles.find((tile) => tile.getAttribute('data-pack-id') === '2') as HTMLElement;
    expect(soldOut.tagName).not.toBe('A');
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(soldOut.textContent).toContain('SOLD OUT');
  });

  it('shows only the next upcoming pack until all are asked for', async () => {
    renderTop();
    const section = (await screen.findByRole('heading', { name: '販売開始前のパック' })).closest(
      'section',
    ) as HTMLElement;
    const ids = () =>
      within(section)
        .getAllByTestId('pack-tile')
        .map((tile) => tile.getAttribute('data-pack-id'));
    expect(ids()).toEqual(['4']);
    expect(within(section).getByText(/販売開始$/).textContent).toBe('2030/01/01 12:00 販売開始');
    fireEvent.click(within(section).getByRole('button', { name: 'すべて表示（2件）' }));
    expect(ids()).toEqual(['4', '3']);
    fireEvent.click(within(section).getByRole('button', { name: '直近の1件のみ表示' }));
    expect(ids()).toEqual(['4']);
  });

  it('has one h1', async () => {
    renderTop();
    await screen.findAllByTestId('pack-tile');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sorts and filters into one grid, kept in the address', async () => {
    const { router } = renderTop();
    await screen.findAllByTestId('pack-tile');
    const shown = () => screen.getAllByTestId('pack-tile').map((tile) => tile.getAttribute('data-pack-id'));
    fireEvent.change(screen.getByTestId('shelf-sort'), { target: { value: 'price_low' } });
    expect(router.state.location.search).toBe('?sort=price_low');
    expect(screen.getByRole('heading', { name: 'パック（5件）' })).toBeTruthy();
    // Cheapest point packs first, then the coin pack (30C is not cheaper than 1,000P), the sold-out pack last.
    expect(shown()).toEqual(['1', '3', '4', '5', '2']);
    fireEvent.click(screen.getByTestId('shelf-filter-coins'));
    expect(router.state.location.search).toBe('?sort=price_low&filter=coins');
    expect(shown()).toEqual(['5']);
    expect(screen.getByTestId('shelf-filter-coins').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByTestId('shelf-sort'), { target: { value: 'recommended' } });
    fireEvent.click(screen.getByTestId('shelf-filter-all'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'ポケモンカード' })).toBeTruthy();
  });

  it('keeps a sort chosen just before a filter, before the first choice reached the address', async () => {
    const { router } = renderTop('/?sort=price_high&filter=coins');
    await screen.findAllByTestId('pack-tile');
    // Both in one batch: the filter's handler runs before the sort's navigation has rendered.
    act(() => {
      fireEvent.change(screen.getByTestId('shelf-sort'), { target: { value: 'few_left' } });
      fireEvent.click(screen.getByTestId('shelf-filter-on_sale'));
    });
    expect(router.state.location.search).toBe('?sort=few_left&filter=on_sale');
    expect((screen.getByTestId('shelf-sort') as HTMLSelectElement).value).toBe('few_left');
  });

  it('starts from the sort and filter in the address; an unknown one is the default', async () => {
    renderTop('/?sort=price_high&filter=on_sale');
    await screen.findAllByTestId('pack-tile');
    expect(screen.getAllByTestId('pack-tile').map((tile) => tile.getAttribute('data-pack-id'))).toEqual(['1', '5']);
    expect((screen.getByTestId('shelf-sort') as HTMLSelectElement).value).toBe('price_high');
  });

  it('marks NEW packs and packs nearly sold out', async () => {
    mockApi({
      'GET /user/point': VISITOR,
      'GET /user/pack/list': {
        list: [
          makePack({ id: 7, start_date: new Date(Date.now() - 86_400_000).toISOString(), pack_count: 400, total_pack_count: 500 }),
          makePack({ id: 8, pack_count: 20, total_pack_count: 500 }),
        ],
      },
      'GET /user/card_type': { list: TYPES },
      'GET /user/banner': { mode: 1, list: [] },
      'GET /user/site_info': { state: 500 },
    });
    renderAt('/', <TopPage />);
    const tiles = await screen.findAllByTestId('pack-tile');
    const [fresh, few] = tiles as [HTMLElement, HTMLElement];
    expect(within(fresh).getByTestId('badge-new').textContent).toBe('NEW');
    expect(within(fresh).queryByTestId('badge-few_left')).toBeNull();
    expect(within(few).getByTestId('badge-few_left').textContent).toBe('残りわずか');
    expect(within(few).queryByTestId('badge-new')).toBeNull();
  });
});
