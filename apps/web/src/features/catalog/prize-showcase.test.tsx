import type { PackTrust } from '@oripa/contract/trust';
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeDetail, makePack } from '@/test-packs.ts';
import { mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { PackTile } from './components/pack-tile.tsx';
import { showcasePrizes } from './components/prize-showcase.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';

const prize = (prize_id: number, rarity: number, count: number, buy_point: number) => ({
  prize_id,
  name: `賞品${prize_id}`,
  image_url: `/media/${prize_id}.svg`,
  model_number: '',
  rarity,
  rarity_label: rarity >= 7 ? 'UR' : rarity >= 5 ? 'SR' : 'C',
  count,
  buy_point,
});

const TRUST: PackTrust = {
  commitment: {
    pack_id: 1,
    pack_name: 'p',
    algorithm: 'oripa-feistel-v1',
    seed_hash: 'ab'.repeat(32),
    committed_at: '2026-11-01T00:00:00.000Z',
    total_pack_count: 20,
    drawn_count: 3,
    lineup: [prize(1, 1, 14, 30), prize(2, 5, 2, 3000), prize(3, 7, 1, 50000), prize(4, 5, 3, 8000)],
    extras: [],
    seed: '',
    reveal_reason: '',
  },
  odds: {
    remaining_total: 17,
    tiers: [],
    prizes: [
      { prize_id: 1, initial: 14, remaining: 12, chance: 0.7 },
      { prize_id: 2, initial: 2, remaining: 2, chance: 0.1 },
      { prize_id: 3, initial: 1, remaining: 0, chance: 0 },
      { prize_id: 4, initial: 3, remaining: 3, chance: 0.2 },
    ],
    expected_point: 10,
  },
};

const LINEUP = {
  list: [
    { image_url: '/media/3.svg', name: '賞品3', model_number: '', rarity: 3, rarity_label: 'UR', buy_point: 50000 },
    { image_url: '/media/5.svg', name: '発送のみ', model_number: '', rarity: 0, rarity_label: 'C' },
  ],
  page: { page: 1, all_page: 1, pages: [1] },
};

function renderPack(payment_method: '1' | '2' = '1') {
  mockApi({
    'GET /user/pack/detail/*': { pack: makeDetail({ id: 1, payment_method }) },
    'GET /user/pack/card_list/*': LINEUP,
    'GET /user/pack/trust/1': TRUST,
    'GET /user/pack/draws/1/1': { list: [], page: { page: 1, all_page: 1, pages: [1] } },
    'GET /user/pack/wins/1': { min_rarity: 5, list: [] },
    'GET /user/point': VISITOR,
  });
  renderAt('/pack-detail?packId=1', <PackDetailPage />);
}

describe('prizes up front', () => {
  it('picks the best prizes: rarest first, then the highest value, at most three', () => {
    expect(showcasePrizes(TRUST).map((p) => [p.prize.prize_id, p.remaining, p.initial])).toEqual([
      [3, 0, 1],
      [4, 3, 3],
      [2, 2, 2],
    ]);
  });

  it('opens the pack page with the best prizes large: image, name, conversion value and what is left', async () => {
    renderPack();
    const showcase = await screen.findByTestId('prize-showcase');
    await within(showcase).findAllByTestId('showcase-prize');
    const items = within(showcase).getAllByTestId('showcase-prize');
    expect(items.map((item) => item.textContent)).toEqual([
      'UR賞品3変換 50,000P獲得済み',
      'SR賞品4変換 8,000P残り 3 / 3',
      'SR賞品2変換 3,000P残り 2 / 2',
    ]);
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/3.svg');
    // Before the lineup and the description.
    const lineup = await screen.findByRole('heading', { name: 'ラインナップ' });
    expect(showcase.compareDocumentPosition(lineup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The lineup shows conversion values too (none for a ship-only card).
    expect((await screen.findAllByTestId('lineup-value')).map((v) => v.textContent)).toEqual(['変換 50,000P']);

    await act(() => i18next.changeLanguage('en'));
    try {
      expect(within(showcase).getAllByTestId('showcase-prize')[1]?.textContent).toBe('SR賞品4Converts to 8,000P3 of 3 left');
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });

  it('shows no conversion value for a coin pack, whose prizes only ship', async () => {
    renderPack('2');
    await screen.findAllByTestId('showcase-prize');
    expect(screen.queryByTestId('showcase-value')).toBeNull();
    await screen.findAllByTestId('lineup-card');
    expect(screen.queryByTestId('lineup-value')).toBeNull();
  });
});

describe('a pack tile', () => {
  it('shows the lot’s best prize with its conversion value; a coin pack’s without', () => {
    const top = { name: '天空神獣', image_url: '/media/top.svg', rarity_label: 'UR', buy_point: 50000 };
    const view = render(
      <MemoryRouter>
        <PackTile pack={makePack({ id: 1, top_prize: top })} />
        <PackTile pack={makePack({ id: 2, payment_method: '2', top_prize: top })} />
        <PackTile pack={makePack({ id: 3 })} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('pack-tile-top').map((el) => el.textContent)).toEqual([
      '最高賞 UR 天空神獣変換 50,000P',
      '最高賞 UR 天空神獣',
    ]);
    view.unmount();
  });
});
