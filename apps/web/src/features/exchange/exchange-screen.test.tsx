import type { ExchangeCard, ExchangeListResponse } from '@oripa/contract/exchange';
import type { CurrentUser } from '@oripa/contract/user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { makePack } from '@/test-packs.ts';
import {
  createTestQueryClient,
  MEMBER,
  mockApi,
  renderAt,
  VISITOR,
  type ApiAnswer,
  type ApiRequest,
} from '@/test-utils.tsx';
import { ExchangeCardScreen } from './exchange-screen.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function makeCard(overrides: Partial<ExchangeCard> = {}): ExchangeCard {
  return {
    id: 1,
    image: '/media/exchange-1.svg',
    card_name: 'ポケモンカードゲーム',
    name: 'リザードンex SAR',
    model_number: 'SV3-134',
    rarity: 6,
    rarity_label: 'SSR',
    sub_coin: '1200.00',
    stock: 5,
    change_num: 1,
    limit_per_member: 0,
    exchanged: 0,
    ...overrides,
  };
}

const CARDS = [
  makeCard(),
  makeCard({
    id: 2,
    name: 'ピカチュウ AR',
    sub_coin: '80.50',
    stock: 0,
    model_number: 'SV4a-205',
    limit_per_member: 2,
  }),
];

const PAGE_1: ExchangeListResponse = { list: CARDS, page: { page: 1, all_page: 3, pages: [1, 2, 3] } };

const COIN_PACK = makePack({
  id: 31,
  name: 'コイン限定オリパ',
  point: 50,
  payment_method: '2',
  pack_count: 40,
  total_pack_count: 100,
  image: ['/media/pack-31.svg'],
});

type Check = ApiAnswer<'POST /user/exchange_card/check'>;
type Exchange = ApiAnswer<'POST /user/exchange_card/exchange'>;

interface Setup {
  path?: string;
  user?: CurrentUser;
  list?: (payload: Record<string, unknown>, page: string) => ExchangeListResponse;
  check?: Check;
  exchange?: Exchange;
}

const payloadOf = (body: URLSearchParams | null) =>
  JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;

function renderExchange({
  path = '/exchange-card',
  user = MEMBER as CurrentUser,
  list,
  check,
  exchange,
}: Setup = {}) {
  const calls: { path: string; payload: Record<string, unknown> }[] = [];
  const record =
    <T extends object>(answer: (payload: Record<string, unknown>, path: string) => T) =>
    (request: ApiRequest): T => {
      const payload = payloadOf(request.body);
      calls.push({ path: request.path, payload });
      return answer(payload, request.path);
    };
  const fetchMock = mockApi({
    'GET /user/point': user,
    'POST /user/exchange_card/list/*': record((payload, p) =>
      list ? list(payload, p.split('/').pop() ?? '') : PAGE_1,
    ),
    'POST /user/pack/list': record(() => ({ list: [COIN_PACK] })),
    'POST /user/exchange_card/check': record(
      () => check ?? { result: '1', balance: '1234.50', balance_after: '34.50' },
    ),
    'POST /user/exchange_card/exchange': record(
      () => exchange ?? { result: '1', exchange_id: 9, balance_after: '34.50' },
    ),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = renderAt(path, <ExchangeCardScreen />, {
    queryClient,
    extraRoutes: ['/login', '/pack-detail', '/coin-history'].map((p) => ({ path: p, element: <Where /> })),
  });
  const listCalls = () => calls.filter((c) => c.path.startsWith('/user/exchange_card/list/'));
  return { ...view, calls, listCalls, fetchMock };
}

describe('/exchange-card', () => {
  it('lists the card tab (type 2) with image, name, model number, rarity, coins and stock; out of stock cannot be pressed', async () => {
    const { listCalls } = renderExchange();
    const cards = await screen.findAllByTestId('exchange-card');
    expect(listCalls()).toEqual([
      { path: '/user/exchange_card/list/1', payload: { type: '2', searchText: '', sort: '1' } },
    ]);
    expect(cards).toHaveLength(2);
    const [first, soldOut] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('exchange-card-name').textContent).toBe('リザードンex SAR');
    expect(first.textContent).toContain('SV3-134');
    expect(first.textContent).toContain('SSR');
    expect(first.textContent).toContain('C1,200コイン');
    expect(within(first).getByTestId('exchange-card-stock').textContent).toBe('残り5点');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/exchange-1.svg');
    const soldOutButton = within(soldOut).getByTestId('exchange-button') as HTMLButtonElement;
    expect(soldOutButton.disabled).toBe(true);
    expect(soldOutButton.textContent).toBe('在庫切れ');
    expect(within(soldOut).getByTestId('exchange-card-stock').textContent).toBe('在庫切れ');
    // The operator's per-member limit shows only where one is set.
    expect(within(soldOut).getByTestId('exchange-card-limit').textContent).toBe('お一人様2枚まで');
    expect(within(first).queryByTestId('exchange-card-limit')).toBeNull();
    expect(screen.getByRole('navigation', { name: '交換カードのページ送り' })).toBeTruthy();
  });

  it('shows the empty text when no card matches', async () => {
    renderExchange({ list: () => ({ list: [], page: { page: 1, all_page: 1, pages: [1] } }) });
    expect((await screen.findByTestId('exchange-empty')).textContent).toBe('引換カードがありません。');
  });

  it('pages, and a search or a new sort start again at page 1 with the search applied', async () => {
    const { listCalls, router } = renderExchange();
    await screen.findAllByTestId('exchange-card');
    fireEvent.click(screen.getByRole('button', { name: '2ページ' }));
    await waitFor(() => expect(listCalls().at(-1)?.path).toBe('/user/exchange_card/list/2'));
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.change(screen.getByTestId('exchange-search-input'), { target: { value: ' リザードン ' } });
    fireEvent.click(screen.getByTestId('exchange-search-button'));
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({
        path: '/user/exchange_card/list/1',
        payload: { type: '2', searchText: 'リザードン', sort: '1' },
      }),
    );
    expect(await screen.findByText('「リザードン」の検索結果')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3ページ' }));
    await waitFor(() => expect(listCalls().at(-1)?.path).toBe('/user/exchange_card/list/3'));
    for (const [sort, label] of [
      ['2', 'コインが安い順'],
      ['3', '在庫が多い順'],
      ['4', '在庫が少ない順'],
      ['1', 'コインが高い順'],
    ] as const) {
      const select = screen.getByTestId('exchange-sort') as HTMLSelectElement;
      fireEvent.change(select, { target: { value: sort } });
      expect(select.selectedOptions[0]?.textContent).toBe(label);
      await waitFor(() =>
        expect(listCalls().at(-1)).toEqual({
          path: '/user/exchange_card/list/1',
          payload: { type: '2', searchText: 'リザードン', sort },
        }),
      );
    }
  });

  it('the coin-gacha tab clears the card list and lists coin packs leading to their detail; back to page 1 of the cards', async () => {
    const { calls, listCalls } = renderExchange({ path: '/exchange-card?page=2' });
    await screen.findAllByTestId('exchange-card');
    expect(listCalls().at(-1)?.path).toBe('/user/exchange_card/list/2');

    fireEvent.click(screen.getByRole('tab', { name: 'コインガチャ' }));
    const pack = await screen.findByTestId('coin-pack');
    expect(screen.queryByTestId('exchange-card')).toBeNull();
    expect(screen.getByRole('tab', { name: 'コインガチャ' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.find((c) => c.path === '/user/pack/list')?.payload).toEqual({ payment_method: '2' });
    expect(pack.textContent).toContain('コイン限定オリパ');
    // The card search and sort do nothing for coin packs: the tab does not offer them.
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByTestId('exchange-sort')).toBeNull();

    // Arrow keys move between the tabs; the card tab starts at page 1 again.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'コインガチャ' }), { key: 'ArrowLeft' });
    await screen.findAllByTestId('exchange-card');
    expect(listCalls().at(-1)?.path).toBe('/user/exchange_card/list/1');
    expect(screen.getByRole('search')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'コインガチャ' }));
    fireEvent.click(await screen.findByTestId('coin-pack'));
    expect((await screen.findByTestId('where')).textContent).toBe('/pack-detail?packId=31');
  });

  it('sends a visitor who presses exchange to /login without a check', async () => {
    const { calls } = renderExchange({ user: VISITOR as CurrentUser });
    const [card] = await screen.findAllByTestId('exchange-button');
    fireEvent.click(card as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(calls.some((c) => c.path.includes('check'))).toBe(false);
  });

  it('refreshes the member, checks, confirms, exchanges once, shows the card and reloads the same page', async () => {
    const { calls, listCalls, fetchMock } = renderExchange({ path: '/exchange-card?page=2' });
    const userFetches = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user/point').length;
    const [button] = await screen.findAllByTestId('exchange-button');
    const before = userFetches();
    fireEvent.click(button as HTMLElement);

    const dialog = await screen.findByRole('dialog', { name: '交換内容の確認' });
    expect(userFetches()).toBe(before + 1);
    expect(calls.filter((c) => c.path === '/user/exchange_card/check')).toEqual([
      { path: '/user/exchange_card/check', payload: { card_id: 1, change_num: 1 } },
    ]);
    expect(within(dialog).getByTestId('dialog-card-name').textContent).toBe('リザードンex SAR');
    expect(within(dialog).getByTestId('confirm-cost').textContent).toBe('1,200C');
    expect(within(dialog).getByTestId('confirm-balance').textContent).toBe('1,234.5C');
    expect(within(dialog).getByTestId('confirm-after').textContent).toBe('34.5C');

    const listsBefore = listCalls().length;
    const confirm = within(dialog).getByTestId('confirm-exchange');
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    const success = await screen.findByRole('dialog', { name: '交換が完了しました' });
    expect(within(success).getByTestId('dialog-card-name').textContent).toBe('リザードンex SAR');
    expect(calls.filter((c) => c.path === '/user/exchange_card/exchange')).toEqual([
      { path: '/user/exchange_card/exchange', payload: { card_id: 1, change_num: 1 } },
    ]);
    // The header's balances and the list (same page) were asked again.
    expect(userFetches()).toBe(before + 2);
    expect(listCalls().length).toBe(listsBefore + 1);
    expect(listCalls().at(-1)?.path).toBe('/user/exchange_card/list/2');

    fireEvent.click(within(success).getByTestId('dialog-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("titles a '-3' check '交換上限を超えています' with the count message, and any other refusal 'コイン不足'", async () => {
    const limit = renderExchange({
      check: { result: '-3', errors: { count: ['このカードの交換上限（1回）に達しています。'] } },
    });
    fireEvent.click((await screen.findAllByTestId('exchange-button'))[0] as HTMLElement);
    const limitDialog = await screen.findByRole('alertdialog', { name: '交換上限を超えています' });
    expect(within(limitDialog).getByTestId('exchange-error').textContent).toBe(
      'このカードの交換上限（1回）に達しています。',
    );
    expect(limit.calls.some((c) => c.path.includes('/exchange_card/exchange'))).toBe(false);
    limit.unmount();

    renderExchange({ check: { result: '-1', errors: { count: ['コインが不足しています。'] } } });
    fireEvent.click((await screen.findAllByTestId('exchange-button'))[0] as HTMLElement);
    const coins = await screen.findByRole('alertdialog', { name: 'コイン不足' });
    expect(within(coins).getByTestId('exchange-error').textContent).toBe('コインが不足しています。');
  });

  it('alerts the count message when the exchange itself is refused', async () => {
    renderExchange({ exchange: { result: '-2', errors: { count: ['在庫がありません。'] } } });
    fireEvent.click((await screen.findAllByTestId('exchange-button'))[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('confirm-exchange'));
    const alert = await screen.findByRole('alertdialog', { name: '交換できませんでした' });
    expect(within(alert).getByTestId('exchange-alert').textContent).toBe('在庫がありません。');
  });

  it('sends the member to /login when the session ended before the check', async () => {
    renderExchange({ check: { state: 401 } });
    fireEvent.click((await screen.findAllByTestId('exchange-button'))[0] as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });
});
