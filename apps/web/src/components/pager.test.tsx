import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

describe('Pager', () => {
  it('shows the page block and marks the current page', () => {
    render(<Pager page={{ page: 3, all_page: 5, pages: [1, 2, 3, 4, 5] }} onSelect={vi.fn()} />);
    const current = screen.getByRole('button', { name: '3ページ' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '1ページ' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByRole('button', { name: /ページ$/ })).toHaveLength(5);
  });

  it('selects previous, next and numbered pages', () => {
    const onSelect = vi.fn();
    render(<Pager page={{ page: 3, all_page: 5, pages: [1, 2, 3, 4, 5] }} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /前へ/ }));
    fireEvent.click(screen.getByRole('button', { name: /次へ/ }));
    fireEvent.click(screen.getByRole('button', { name: '5ページ' }));
    fireEvent.click(screen.getByRole('button', { name: '3ページ' }));
    expect(onSelect.mock.calls).toEqual([[2], [4], [5]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(
      <Pager page={{ page: 1, all_page: 3, pages: [1, 2, 3] }} onSelect={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: /前へ/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /次へ/ })).toHaveProperty('disabled', false);
    rerender(<Pager page={{ page: 3, all_page: 3, pages: [1, 2, 3] }} onSelect={vi.fn()} />);
    expect(screen.getByRole('button', { name: /次へ/ })).toHaveProperty('disabled', true);
  });

  it('keeps the first and last pages reachable outside the block', () => {
    const onSelect = vi.fn();
    render(<Pager page={{ page: 10, all_page: 20, pages: [8, 9, 10, 11, 12] }} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: '1ページ' }));
    fireEvent.click(screen.getByRole('button', { name: '20ページ' }));
    expect(onSelect.mock.calls).toEqual([[1], [20]]);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={{ page: 1, all_page: 1, pages: [1] }} onSelect={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});
