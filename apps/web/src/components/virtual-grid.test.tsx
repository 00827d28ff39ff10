import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualGrid } from './virtual-grid.tsx';

const items = Array.from({ length: 3000 }, (_, index) => ({ id: index + 1, name: `card ${index + 1}` }));

function renderGrid(layout = () => ({ columns: 1, rowHeight: 100, gap: 0 })) {
  return render(
    <VirtualGrid
      items={items}
      getKey={(item) => item.id}
      layout={layout}
      overscan={3}
      label="cards"
      renderItem={(item) => <span>{item.name}</span>}
    />,
  );
}

describe('VirtualGrid', () => {
  it('renders a bounded number of rows for 3000 items, in a spacer as tall as all of them', () => {
    renderGrid();
    const list = screen.getByRole('list', { name: 'cards' });
    const rendered = screen.getAllByRole('listitem');
    // jsdom's viewport is 768 px high: 8 rows on screen and 3 of overscan.
    expect(rendered.length).toBe(11);
    expect(rendered[0]?.textContent).toBe('card 1');
    expect(rendered[0]?.getAttribute('aria-setsize')).toBe('3000');
    expect(list.style.height).toBe('300000px');
  });

  it('renders the rows under the viewport after a scroll', async () => {
    renderGrid();
    const list = screen.getByRole('list', { name: 'cards' });
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -150_000 } as DOMRect);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    });
    const rendered = screen.getAllByRole('listitem');
    expect(rendered.length).toBe(14);
    expect(rendered[0]?.textContent).toBe('card 1498');
    expect(rendered[0]?.getAttribute('aria-posinset')).toBe('1498');
    expect(screen.queryByText('card 1')).toBeNull();
  });

  it('lays items out in columns when the layout asks for them', () => {
    renderGrid(() => ({ columns: 4, rowHeight: 300, gap: 10 }));
    const list = screen.getByRole('list', { name: 'cards' });
    // 750 rows of 4; 3 rows on screen plus 3 of overscan, 4 items each.
    expect(list.style.height).toBe(`${750 * 300}px`);
    expect(screen.getAllByRole('listitem').length).toBe(24);
  });
});
