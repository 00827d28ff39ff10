import type { PackTrust } from '@oripa/contract/trust';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { useCalmReveal } from '../test-results.ts';
import { DemoDrawScreen } from './demo-draw-screen.tsx';

const prize = (prize_id: number, rarity: number, count: number) => ({
  prize_id,
  name: `カード${prize_id}`,
  image_url: `/media/${prize_id}.svg`,
  model_number: '',
  rarity,
  rarity_label: rarity >= 7 ? 'UR' : 'C',
  count,
  buy_point: rarity * 10,
});

function trust(remaining: number[]): PackTrust {
  const lineup = [prize(1, 7, 1), prize(2, 1, 20)];
  const prizes = lineup.map((p, i) => ({ prize_id: p.prize_id, initial: p.count, remaining: remaining[i] ?? 0, chance: 0 }));
  const left = prizes.reduce((s, p) => s + p.remaining, 0);
  return {
    commitment: {
      pack_id: 7,
      pack_name: '天空オリパ',
      algorithm: 'oripa-draw-v2',
      seed_hash: 'ab'.repeat(32),
      committed_at: '2026-11-01T00:00:00.000Z',
      total_pack_count: 21,
      drawn_count: 21 - left,
      lineup,
      extras: [],
      seed: '',
      reveal_reason: '',
    },
    odds: { remaining_total: left, tiers: [], prizes, expected_point: 0 },
  };
}

function open(t: PackTrust) {
  const fetchMock = mockApi({
    'GET /user/point': VISITOR,
    'GET /user/pack/trust/7': t,
    'GET /user/reveal_movies': { list: [] },
  });
  renderAt('/pack-demo?packId=7', <DemoDrawScreen />);
  return fetchMock;
}

describe('/pack-demo (試しに引く)', () => {
  useCalmReveal();

  it('plays ten cards of the lot marked as a demo on every step, shows them and sends nothing', async () => {
    const fetchMock = open(trust([1, 20]));
    expect(await screen.findByRole('heading', { name: '試しに引く（デモ）' })).toBeTruthy();
    expect(screen.getByTestId('demo-pack').textContent).toBe('天空オリパ');
    expect(screen.getByText(/残っている21口から/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('demo-start-10'));
    expect(screen.getByTestId('demo-banner').textContent).toContain('実際の購入ではなく');
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.click(screen.getByTestId('reveal-skip'));
    fireEvent.click(screen.getByTestId('reveal-skip-all'));

    expect(await screen.findByRole('heading', { name: '試し引きの結果（デモ）' })).toBeTruthy();
    expect(screen.getByTestId('demo-note').textContent).toContain('デモ');
    const names = screen.getAllByTestId('card-line').map((line) => line.querySelector('.card-line__name')?.textContent);
    expect(names).toHaveLength(10);
    expect(names.every((name) => name === 'カード1' || name === 'カード2')).toBe(true);
    expect(names.filter((name) => name === 'カード1').length).toBeLessThanOrEqual(1);
    // Nothing but reads: the demo writes nothing.
    expect(fetchMock.mock.calls.every(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }));
    expect(await screen.findByTestId('demo-start-1')).toBeTruthy();
  });

  it('says a sold-out lot cannot be tried', async () => {
    open(trust([0, 0]));
    expect(await screen.findByText('このパックは残りがないため、試し引きはできません。')).toBeTruthy();
    expect(screen.queryByTestId('demo-start-1')).toBeNull();
    expect(screen.getByRole('link', { name: 'パックのページに戻る' }).getAttribute('href')).toBe('/pack-detail?packId=7');
  });
});
