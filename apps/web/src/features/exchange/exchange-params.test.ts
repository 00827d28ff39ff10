import { describe, expect, it } from 'vitest';
import { goToPage, readView, search, switchTab, writeView } from './exchange-params.ts';

const read = (query: string) => readView(new URLSearchParams(query));

describe('exchange screen query', () => {
  it('reads the card tab, page 1 and the highest-price sort by default, and ignores what it does not know', () => {
    expect(read('')).toEqual({ tab: 'card', searchText: '', sort: '1', page: 1 });
    expect(read('tab=other&sort=9&page=-2')).toEqual({ tab: 'card', searchText: '', sort: '1', page: 1 });
    expect(read('tab=coin&q=リザードン&sort=4&page=3')).toEqual({
      tab: 'coin',
      searchText: 'リザードン',
      sort: '4',
      page: 3,
    });
    expect(read(`q=${'x'.repeat(150)}`).searchText).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and no page on the coin tab', () => {
    expect(writeView(read('')).toString()).toBe('');
    expect(writeView(read('q=a&sort=3&page=2')).toString()).toBe('q=a&sort=3&page=2');
    expect(writeView(read('tab=coin&q=a&page=2')).toString()).toBe('tab=coin&q=a');
  });

  it('starts again at page 1 on a tab switch or a search; a search from the coin tab shows the cards', () => {
    const onPage3 = read('q=a&sort=2&page=3');
    expect(switchTab(onPage3, 'coin')).toEqual({ tab: 'coin', searchText: 'a', sort: '2', page: 1 });
    expect(switchTab(read('tab=coin&q=a&page=3'), 'card').page).toBe(1);
    expect(search(onPage3, '  b ', '4')).toEqual({ tab: 'card', searchText: 'b', sort: '4', page: 1 });
    expect(search(read('tab=coin'), 'c', '1').tab).toBe('card');
    expect(goToPage(onPage3, 5).page).toBe(5);
  });
});
