import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { makePack } from '@/test-packs.ts';
import { PackTile } from './pack-tile.tsx';

const FREE_DAILY = { first_purchase: false, sms_verified: true, free_daily: true };

function renderTile(pack: Parameters<typeof makePack>[0]) {
  mockApi({ 'GET /user/point': VISITOR });
  return renderAt('/', <PackTile pack={makePack(pack)} />);
}

describe('pack tile price row', () => {
  it('shows the price per pack of a paid pack', async () => {
    renderTile({ point: 100 });
    const tile = await screen.findByTestId('pack-tile');
    expect(tile.querySelector('.pack-tile__price')?.textContent).toBe('1回P100ポイント');
    expect(screen.queryByTestId('pack-tile-free')).toBeNull();
  });

  it('says a free daily pack is free once a day instead of a price, in Japanese and English (decision 056)', async () => {
    renderTile({ point: 100, members_only: FREE_DAILY });
    const tile = await screen.findByTestId('pack-tile');
    expect(screen.getByTestId('pack-tile-free').textContent).toBe('毎日1回無料');
    expect(tile.querySelector('.price-tag')).toBeNull();
    expect(tile.querySelector('.pack-tile__price')?.textContent).not.toMatch(/100|P0/);
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(screen.getByTestId('pack-tile-free').textContent).toBe('Free once a day');
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });
});
