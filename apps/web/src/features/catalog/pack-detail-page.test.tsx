import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import type { CurrentUser } from '@oripa/contract/user';
import type { PackTrust } from '@oripa/contract/trust';
import { createTestQueryClient, MEMBER, mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';
import { makeDetail } from '@/test-packs.ts';

const LINEUP = {
  list: [
    {
      image_url: '/media/card-1.svg',
      name: 'リザードン',
      model_number: 'SV-001',
      rarity: 3,
      rarity_label: 'UR',
    },
    {
      image_url: '/media/card-2.svg',
      name: 'ピカチュウ',
      model_number: 'SV-002',
      rarity: 0,
      rarity_label: 'C',
    },
  ],
  page: { page: 1, all_page: 2, pages: [1, 2] },
};

function Where() {
  return <p data-testid="where">navigated</p>;
}

// Live odds of the lineup's two tiers (the trust panel's data), for the tier heads.
const TRUST: PackTrust = {
  commitment: {
    pack_id: 1,
    pack_name: 'p',
    algorithm: 'oripa-feistel-v1',
    seed_hash: 'ab'.repeat(32),
    committed_at: '2026-11-01T00:00:00.000Z',
    total_pack_count: 500,
    drawn_count: 377,
    lineup: [],
    extras: [],
    seed: '',
    reveal_reason: '',
  },
  odds: {
    remaining_total: 123,
    tiers: [
      { tier: 3, initial: 5, remaining: 2, chance: 0.01626 },
      { tier: 0, initial: 495, remaining: 121, chance: 0.98374 },
    ],
    prizes: [],
    expected_point: 120,
  },
};

function renderDetail(pack = makeDetail(), user: CurrentUser = VISITOR, path = `/pack-detail?packId=${pack.id}`) {
  const fetchMock = mockApi({
    'GET /user/pack/detail/*': { pack },
    'GET /user/pack/trust/*': TRUST,
    'GET /user/pack/card_list/*': LINEUP,
    'GET /user/point': user,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = renderAt(path, <PackDetailPage />, {
    queryClient,
    extraRoutes: [
      { path: '/login', element: <Where /> },
      { path: '/confirm-buy-product', element: <Where /> },
    ],
  });
  return { ...view, fetchMock };
}

describe('pack detail page', () => {
  it('shows the pack, its remaining count and the total for the chosen count', async () => {
    renderDetail(makeDetail({ point: 1500, pack_count: 123, total_pack_count: 500, max_buy_count: 10 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ポケモンカード 超高額オリパ' }),
    ).toBeTruthy();
    expect(screen.getByTestId('pack-remaining').textContent).toBe('残り 123 / 500');

    // A number field within 1 and max_buy_count, between − and + (no 3000-option select).
    const field = screen.getByTestId('buy-count') as HTMLInputElement;
    expect(field.value).toBe('1');
    expect(screen.getByText('1〜10回')).toBeTruthy();
    expect(screen.getByTestId('total-price').textContent).toBe('1,500P');

    fireEvent.change(field, { target: { value: '3' } });
    expect(screen.getByTestId('total-price').textContent).toBe('4,500P');
    fireEvent.click(screen.getByRole('button', { name: '1回増やす' }));
    expect(field.value).toBe('4');
    fireEvent.change(field, { target: { value: '９９' } });
    expect(field.value).toBe('10');
    expect(screen.getByTestId('total-price').textContent).toBe('15,000P');
    expect((screen.getByRole('button', { name: '1回増やす' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('never offers more than a limited pack allows the member, and says how many are left', async () => {
    renderDetail(makeDetail({ can_limit: 1, limit_message: 'お一人様5回まで', member_remaining: 2 }), MEMBER);
    expect((await screen.findByTestId('member-allowance')).textContent).toBe('あなたはこのパックをあと2回購入できます');
    expect(screen.queryByTestId('quick-count-10')).toBeNull();
    expect(screen.getByTestId('quick-count-1')).toBeTruthy();
    const field = screen.getByTestId('buy-count') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '5' } });
    expect(field.value).toBe('2');
  });

  it('shows who may buy a member-only pack as badges', async () => {
    renderDetail(makeDetail({ members_only: { min_rank: 'ゴールド', first_purchase: true, sms_verified: false, free_daily: false } }), MEMBER);
    expect((await screen.findByTestId('badge-members-rank')).textContent).toBe('ゴールド以上限定');
    expect(screen.getByTestId('badge-members-first_purchase').textContent).toBe('初回購入限定');
    expect(screen.queryByTestId('badge-members-free_daily')).toBeNull();
    // English mode: the English catalogue loads, and the badges' English texts join it.
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(screen.getByTestId('badge-members-rank').textContent).toBe('ゴールド and up');
      expect(screen.getByTestId('badge-members-first_purchase').textContent).toBe('First purchase only');
      expect(screen.getByRole('button', { name: 'One pack more' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });

  it('offers a free daily pack one at a time, at no cost', async () => {
    renderDetail(makeDetail({ point: 500, members_only: { first_purchase: false, sms_verified: true, free_daily: true } }), MEMBER);
    expect((await screen.findByTestId('badge-members-free_daily')).textContent).toBe('1日1回無料');
    expect(screen.getByTestId('badge-members-sms_verified').textContent).toBe('SMS認証済み限定');
    expect(screen.getByTestId('total-price').textContent).toBe('0P');
    expect(screen.queryByTestId('quick-count-10')).toBeNull();
    // The price line says what it costs: nothing, once a day (not a price of 0P or 500P).
    expect(screen.getByTestId('pack-free-daily').textContent).toBe('毎日1回無料');
    expect(document.querySelector('.pack-detail__price .price-tag')).toBeNull();
  });

  it('offers nothing once the member reached the limit', async () => {
    renderDetail(makeDetail({ can_limit: 1, limit_message: 'お一人様5回まで', member_remaining: 0 }), MEMBER);
    expect((await screen.findByTestId('member-allowance')).textContent).toBe('このパックの購入上限に達しました。');
    expect(screen.queryByTestId('buy-count')).toBeNull();
    expect(screen.queryByTestId('quick-count-1')).toBeNull();
    expect((screen.getByTestId('spin-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the count range with separators, in English too', async () => {
    renderDetail(makeDetail({ pack_count: 5000, total_pack_count: 5000, max_buy_count: 0 }));
    await screen.findByTestId('buy-count');
    expect(screen.getByText('1〜3,000回')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(screen.getByText('1 to 3,000')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'One pack more' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });

  it('totals coin packs in C', async () => {
    renderDetail(makeDetail({ point: 25, payment_method: '2' }));
    fireEvent.change(await screen.findByTestId('buy-count'), { target: { value: '4' } });
    expect(screen.getByTestId('total-price').textContent).toBe('100C');
  });

  it('sends a visitor who spins to login with the pack id', async () => {
    const { router } = renderDetail(makeDetail({ id: 42 }), VISITOR);
    fireEvent.click(await screen.findByTestId('spin-button'));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?packId=42');
  });

  it('disables the spin button and shows SOLD OUT when no pack is left', async () => {
    renderDetail(makeDetail({ pack_count: 0 }));
    const button = await screen.findByTestId('spin-button');
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toBe('SOLD OUT');
    expect(screen.queryByTestId('buy-count')).toBeNull();
  });

  it('counts down to the start of an upcoming sale with the button disabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const now = Date.parse('2025-04-01T00:00:00Z');
      vi.setSystemTime(now);
      const start = new Date(now + (2 * 24 * 3600 + 5 * 3600 + 4 * 60 + 9) * 1000).toISOString();
      renderDetail(makeDetail({ is_before: true, start_date: start }));
      const countdown = await screen.findByTestId('countdown');
      // Over a day: the days, then hh:mm:ss (issue 15).
      expect(countdown.textContent).toBe('あと2日 05:04:09');
      expect(screen.getByTestId('spin-button')).toHaveProperty('disabled', true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByTestId('countdown').textContent).toBe('あと2日 05:04:08');
      await act(() => i18next.changeLanguage('en'));
      expect(screen.getByTestId('countdown').textContent).toBe('2 days 05:04:08 left');
    } finally {
      await act(() => i18next.changeLanguage('ja'));
      vi.useRealTimers();
    }
  });

  it("shows the spec's hh.mm.ss under a day", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const now = Date.parse('2025-04-01T00:00:00Z');
      vi.setSystemTime(now);
      const start = new Date(now + (23 * 3600 + 4 * 60 + 9) * 1000).toISOString();
      renderDetail(makeDetail({ is_before: true, start_date: start }));
      expect((await screen.findByTestId('countdown')).textContent).toBe('23.04.09');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the limit message, end date and description', async () => {
    renderDetail(
      makeDetail({ can_limit: 1, limit_message: 'お一人様10回まで', format_end_date: '2025/05/31 23:59' }),
    );
    expect(await screen.findByText('お一人様10回まで')).toBeTruthy();
    expect(screen.getByText('2025/05/31 23:59')).toBeTruthy();
    expect(screen.getByText('当たりカード多数収録！')).toBeTruthy();
    expect(screen.getByRole('link', { name: '特定商取引法に基づく表記' }).getAttribute('href')).toBe(
      '/specific-commerce',
    );
  });

  it('lists the lineup and opens a card in a popup that Esc closes', async () => {
    renderDetail();
    const cards = await screen.findAllByTestId('lineup-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.className).toContain('tier-ultraRare');
    fireEvent.click(cards[0] as HTMLElement);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('SV-001')).toBeTruthy();
    expect(within(dialog).getAllByText('UR').length).toBeGreaterThan(0);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the lineup in runs by rarity tier with each tier\'s live remaining count', async () => {
    renderDetail();
    await screen.findAllByTestId('lineup-card');
    const top = screen.getByTestId('lineup-tier-3');
    expect(within(top).getByRole('heading', { level: 3 }).textContent).toBe('ウルトラレア');
    await waitFor(() => expect(within(top).getByTestId('lineup-tier-left').textContent).toBe('残り 2 / 5枚次の1回で 1.63%'));
    const normal = screen.getByTestId('lineup-tier-0');
    expect(within(normal).getByTestId('lineup-tier-left').textContent).toContain('残り 121 / 495枚');
    // Each card sits under its tier's head.
    expect(within(top.parentElement as HTMLElement).getAllByTestId('lineup-card')).toHaveLength(1);
    expect(within(normal.parentElement as HTMLElement).getByText('ピカチュウ')).toBeTruthy();
  });

  it('loads the next lineup page through the pager', async () => {
    const { fetchMock } = renderDetail();
    await screen.findAllByTestId('lineup-card');
    fireEvent.click(screen.getByRole('button', { name: '2ページ' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/card_list/1/2')).toBe(true),
    );
  });

  it('hides the lineup when show_cardlist is not 1', async () => {
    renderDetail(makeDetail({ show_cardlist: '0' }));
    await screen.findByTestId('spin-button');
    expect(screen.queryByText('ラインナップ')).toBeNull();
  });

  it('says clearly when the pack does not exist', async () => {
    mockApi({ 'GET /user/pack/detail/999': { state: 404, errors: { pack: ['パックが見つかりません。'] } } });
    renderAt('/pack-detail?packId=999', <PackDetailPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'パックが見つかりません' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/');
  });

  it('shows a count error handed back by the purchase confirmation', async () => {
    renderDetail(
      makeDetail(),
      MEMBER,
      '/pack-detail?packId=1&errorMessageCount=' + encodeURIComponent('ポイントが不足しています。'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('ポイントが不足しています。');
  });
});
