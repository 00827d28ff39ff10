import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, siteInfo, VISITOR } from '@/test-utils.tsx';
import { SisterSites } from './sister-sites.tsx';

const SITES = [
  { name: 'ポイント購入', name_en: 'Buy points', url: '/buy-point', icon: '/media/icon-points.svg' },
  // An operator's link with no English label.
  { name: '公式ブログ', name_en: '', url: 'https://blog.example.jp', icon: '/media/icon-guide.svg' },
];

async function labels(): Promise<{ text: string | null; lang: string | null }[]> {
  const list = await screen.findByTestId('sister-sites-list');
  return Array.from(list.querySelectorAll('.sister-sites__name')).map((el) => ({ text: el.textContent, lang: el.getAttribute('lang') }));
}

describe('the top page shortcut bar', () => {
  it('follows the language, and marks a label left in Japanese with lang="ja"', async () => {
    mockApi({ 'GET /user/point': VISITOR, 'GET /user/site_info': siteInfo({ sister_sites: SITES }) });
    renderAt('/', <SisterSites />);
    expect(await labels()).toEqual([
      { text: 'ポイント購入', lang: 'ja' },
      { text: '公式ブログ', lang: 'ja' },
    ]);
    try {
      await act(() => i18next.changeLanguage('en'));
      expect(await labels()).toEqual([
        { text: 'Buy points', lang: null },
        { text: '公式ブログ', lang: 'ja' },
      ]);
    } finally {
      await act(() => i18next.changeLanguage('ja'));
    }
  });
});
