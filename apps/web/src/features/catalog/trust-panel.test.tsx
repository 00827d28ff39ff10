import type { PackTrust } from '@oripa/contract/trust';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { PrizeShowcase } from './components/prize-showcase.tsx';
import { TrustPanel } from './components/trust-panel.tsx';

const prize = (prize_id: number, rarity: number, count: number) => ({
  prize_id,
  name: `card ${prize_id}`,
  image_url: `/media/${prize_id}.svg`,
  model_number: '',
  rarity,
  rarity_label: rarity >= 7 ? 'UR' : 'C',
  count,
  buy_point: 10,
});

const TRUST: PackTrust = {
  commitment: {
    pack_id: 7,
    pack_name: 'p',
    algorithm: 'oripa-feistel-v1',
    seed_hash: 'ab'.repeat(32),
    committed_at: '2026-11-01T00:00:00.000Z',
    total_pack_count: 10,
    drawn_count: 3,
    lineup: [prize(1, 7, 1), prize(2, 1, 9)],
    extras: [
      { ...prize(3, 7, 1), kind: 'last_one', milestone_at: 0, milestone_every: 0, remaining: 1 },
      { ...prize(4, 5, 2), kind: 'milestone', milestone_at: 5, milestone_every: 5, remaining: 2 },
      { ...prize(5, 5, 1), kind: 'milestone', milestone_at: 8, milestone_every: 0, remaining: 1 },
    ],
    seed: '',
    reveal_reason: '',
  },
  odds: {
    remaining_total: 7,
    tiers: [
      { tier: 3, initial: 1, remaining: 1, chance: 0.142857 },
      { tier: 0, initial: 9, remaining: 6, chance: 0.857143 },
    ],
    prizes: [
      { prize_id: 1, initial: 1, remaining: 1, chance: 0.142857 },
      { prize_id: 2, initial: 9, remaining: 6, chance: 0.857143 },
    ],
    expected_point: 10,
  },
};

describe('the pack page fairness block', () => {
  it('shows 提供割合 per tier as 「1等 残り1/1」, the extra prizes with their state and the commitment without a seed', async () => {
    mockApi({
      'GET /user/point': VISITOR,
      'GET /user/pack/trust/7': TRUST,
      'GET /user/pack/draws/7/1': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
      'GET /user/pack/wins/7': { min_rarity: 5, list: [] },
    });
    renderAt('/pack-detail?packId=7', <TrustPanel packId={7} />);
    const top = await screen.findByTestId('odds-tier-3');
    expect(top.textContent).toBe('1等残り1/114.29%');
    expect(screen.getByTestId('odds-tier-0').textContent).toBe('2等残り6/985.71%');
    expect(screen.getByTestId('extra-last_one').textContent).toContain('残り1/1');
    // One sentence per rule (it once read 「5口目から5口ごと口目を引いた方へ」).
    expect(screen.getAllByTestId('extra-milestone').map((e) => e.querySelector('.odds-prize__name')?.firstChild?.textContent)).toEqual([
      '節目賞（5口目と、そこから5口ごとに引いた方へ）',
      '節目賞（8口目を引いた方へ）',
    ]);
    expect(screen.getByTestId('seed-hash').textContent).toBe('ab'.repeat(32));
    expect(screen.getByTestId('seed').textContent).toBe('完売または販売終了後に公開されます');
    expect(screen.queryByTestId('verify-link')).toBeNull();
  });
});

describe('who refreshes the live odds on a server-rendered pack page', () => {
  // The server's HTML was drawn from TRUST; the shop has since revealed the seed. Only the trust
  // panel (hydrated last, from its own chunk) may fetch it, so that it hydrates with what the
  // server drew rather than the newer answer.
  const revealed: PackTrust = { ...TRUST, commitment: { ...TRUST.commitment, seed: 'cd'.repeat(32), reveal_reason: 'sold_out' } };
  const handedOver = () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['packs', 'trust', 7], TRUST, { updatedAt: Date.now() - 60_000 });
    return queryClient;
  };
  const trustCalls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/pack/trust/7').length;
  const routes = {
    'GET /user/point': VISITOR,
    'GET /user/pack/trust/7': revealed,
    'GET /user/pack/draws/7/1': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
    'GET /user/pack/wins/7': { min_rarity: 5, list: [] },
  };

  it('the prize showcase shows the handed-over odds without fetching them again', async () => {
    const fetchMock = mockApi(routes);
    renderAt('/pack-detail?packId=7', <PrizeShowcase packId={7} convertible />, { queryClient: handedOver() });
    await screen.findByText('card 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trustCalls(fetchMock)).toBe(0);
  });

  it('the trust panel first shows what the server drew, then fetches the lot anew', async () => {
    const fetchMock = mockApi(routes);
    renderAt('/pack-detail?packId=7', <TrustPanel packId={7} />, { queryClient: handedOver() });
    expect(screen.getByTestId('seed').textContent).toBe('完売または販売終了後に公開されます');
    expect(await screen.findByText('cd'.repeat(32))).toBeTruthy();
    expect(trustCalls(fetchMock)).toBe(1);
  });
});
