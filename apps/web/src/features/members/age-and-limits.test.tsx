import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { AgeAndLimits } from './age-and-limits.tsx';

const BASE = {
  birth_date: '2011-02-03',
  age: 15,
  minor: true,
  guardian_consent_at: '2026-11-01T01:00:00.000Z',
  monthly_cap: 5000,
  spent_this_month: 4400,
  cap_left: 600,
  resets_at: '2026-11-30T15:00:00.000Z',
};

describe('my page: age and purchase limits (decision 037)', () => {
  it('shows a minor the birth date, the consent, the month’s spending and what is left of the cap with its reset (Japan time)', async () => {
    mockApi({ 'GET /user/play_safety': { play_safety: BASE } });
    renderAt('/mypage', <AgeAndLimits />);
    expect((await screen.findByTestId('age-limits-birth-date')).textContent).toBe('2011-02-03');
    expect(screen.getByTestId('age-limits-age').textContent).toBe('15歳');
    expect(screen.getByTestId('age-limits-consent').textContent).toContain('2026/11/01 10:00');
    expect(screen.getByTestId('age-limits-spent').textContent).toBe('4,400円');
    expect(screen.getByTestId('age-limits-cap').textContent).toContain('5,000円（残り 600円）');
    expect(screen.getByTestId('age-limits-cap').textContent).toContain('2026/12/01 00:00');
  });

  it('tells a member without a birth date that it is asked before the next point purchase', async () => {
    mockApi({
      'GET /user/play_safety': {
        play_safety: {
          ...BASE,
          birth_date: null,
          age: null,
          minor: false,
          monthly_cap: null,
          cap_left: null,
          spent_this_month: 0,
        },
      },
    });
    renderAt('/mypage', <AgeAndLimits />);
    expect((await screen.findByTestId('age-limits-birth-date')).textContent).toContain(
      '次回のポイント購入前',
    );
    expect(screen.queryByTestId('age-limits-cap')).toBeNull();
  });
});
