import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { SharePage } from './share-page.tsx';

const SHARED = {
  card: {
    pack_id: 8,
    pack_name: '幻獣降臨オリパ',
    name: '天空神獣',
    image_url: '/media/card-71.svg',
    rarity: 7,
    rarity_label: 'UR',
    created: '2026-11-23T10:00:00.000Z',
  },
};

/** A purchase's random share code (32 hex digits). */
const CODE = '3f9a0c1be47d4a6f8e2b5c7d9a1e0f42';

describe('/share', () => {
  it("shows the shared card and its pack, with a link to the pack, from the code's public data", async () => {
    mockApi({ [`GET /user/share/${CODE}`]: SHARED });
    renderAt(`/share?code=${CODE}`, <SharePage />);
    const card = await screen.findByTestId('shared-card');
    expect(card.textContent).toContain('天空神獣');
    expect(card.textContent).toContain('パック：幻獣降臨オリパ');
    expect(screen.getByRole('img', { name: '天空神獣' }).getAttribute('src')).toBe('/media/card-71.svg');
    expect(screen.getByRole('link', { name: 'このパックを見る' }).getAttribute('href')).toMatch(/\/pack-detail\?packId=8$/);
  });

  it('says the card was not found for a code that is not a share code (an old card id), without asking the server', async () => {
    const api = mockApi({ 'GET /user/share/*': SHARED });
    for (const code of ['71', 'abc', CODE.toUpperCase()]) {
      const { unmount } = renderAt(`/share?code=${code}`, <SharePage />);
      expect(await screen.findByText('このシェアリンクのカードは見つかりませんでした。')).toBeTruthy();
      unmount();
    }
    expect(api).not.toHaveBeenCalled();
  });
});
