import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { PackListPage } from './pack-list-page.tsx';
import { makePack } from '@/test-packs.ts';

const TYPES = [
  { id: 1, name: 'ポケモンカード' },
  { id: 2, name: 'ワンピースカード' },
];

function renderList(path: string) {
  const fetchMock = mockApi({
    'GET /user/point': VISITOR,
    'GET /user/card_type': { list: TYPES },
    'GET /user/pack/all_list/*': ({ path: apiPath }) => {
      const [, , , , type, page] = apiPath.split('/');
      return {
        list: [makePack({ id: Number(type) * 100 + Number(page), name: `type ${type} page ${page}` })],
        page: { page: Number(page), all_page: 3, pages: [1, 2, 3] },
      };
    },
  });
  return { ...renderAt(path, <PackListPage />), fetchMock };
}

describe('pack list page', () => {
  it('lists all card types when index is missing', async () => {
    const { fetchMock } = renderList('/pack-list');
    expect(await screen.findByText('type 0 page 1')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/all_list/0/1')).toBe(true);
    const tabs = screen.getByRole('navigation', { name: 'カードの種類' });
    expect(within(tabs).getByRole('link', { name: 'すべて' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists the card type of index, with tabs for the other types', async () => {
    renderList('/pack-list?index=2');
    expect(await screen.findByText('type 2 page 1')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'カードの種類' });
    expect(within(tabs).getByRole('link', { name: 'ワンピースカード' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'ポケモンカード' }).getAttribute('href')).toBe(
      '/pack-list?index=1',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'ワンピースカード' })).toBeTruthy();
  });

  it('pages through the list with the pager', async () => {
    const { router, fetchMock } = renderList('/pack-list?index=1');
    await screen.findByText('type 1 page 1');
    fireEvent.click(screen.getByRole('button', { name: /次へ/ }));
    expect(await screen.findByText('type 1 page 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?index=1&page=2');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/all_list/1/2')).toBe(true),
    );
  });
});
