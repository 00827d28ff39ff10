import type { PackTrust } from '@oripa/contract/trust';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FairnessFacts } from './components/fairness-facts.tsx';

const base = {
  commitment: {
    pack_id: 7,
    pack_name: 'p',
    algorithm: 'oripa-draw-v2',
    seed_hash: 'ab'.repeat(32),
    committed_at: '2026-11-01T00:00:00.000Z',
    total_pack_count: 10,
    drawn_count: 0,
    lineup: [],
    extras: [],
    seed: '',
    reveal_reason: '',
  },
  odds: { remaining_total: 10, tiers: [], prizes: [], expected_point: 0 },
} as unknown as PackTrust;

const fairness = (independent: boolean): PackTrust['fairness'] => ({
  algorithm: 'oripa-draw-v2',
  commitment_hash: 'cd'.repeat(32),
  beacon: { chain_hash: 'ef'.repeat(32), independent },
  log_head: { tree_size: 12, root_hash: '01'.repeat(32), timestamp: 1796000000000 },
  reveal_deadline: '2027-01-01T00:00:00.000Z',
  seed: '',
});

describe('FairnessFacts', () => {
  it('shows the commitment hash and log head, and warns plainly when the beacon is the shop\'s own', () => {
    render(<FairnessFacts trust={{ ...base, fairness: fairness(false) }} />);
    expect(screen.getByTestId('commitment-hash').textContent).toBe('cd'.repeat(32));
    expect(screen.getByTestId('log-head').textContent).toContain('12');
    expect(screen.getByTestId('beacon-warning')).toBeTruthy();
  });

  it('does not warn for an independent beacon, and shows nothing for a v1 lot', () => {
    const { container, rerender } = render(<FairnessFacts trust={{ ...base, fairness: fairness(true) }} />);
    expect(screen.queryByTestId('beacon-warning')).toBeNull();
    rerender(<FairnessFacts trust={base} />);
    expect(container.textContent).toBe('');
  });
});
