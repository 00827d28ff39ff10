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

describe('/share', () => {
  it("shows the shared card and its pack, with a link to the pack, from the code's public data", async () => {
    mockApi({ 'GET /user/share/71': SHARED });
    renderAt('/share?code=71', <SharePage />);
    const card = await screen.findByTestId('shared-card');
    expect(card.textContent).toContain('天空神獣');
    expect(card.textContent).toContain('パック：幻獣降臨オリパ');
    expect(screen.getByRole('img', { name: '天空神獣' }).getAttribute('src')).toBe('/media/card-71.svg');
    expect(screen.getByRole('link', { name: 'このパックを見る' }).getAttribute('href')).toMatch(/\/pack-detail\?packId=8$/);
  });

  it('says the card was not found for a code that is not a number, without asking the server', async () => {
    renderAt('/share?code=abc', <SharePage />);
    expect(await screen.findByText('このシェアリンクのカードは見つかりませんでした。')).toBeTruthy();
  });
});
