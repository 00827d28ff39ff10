import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

describe('Modal', () => {
  it('is a labelled modal dialog', () => {
    render(
      <Modal open title="カード詳細" onClose={vi.fn()}>
        <p>本文</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'カード詳細' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on Esc, on the backdrop and on the close button, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="t" onClose={onClose}>
        <p>本文</p>
      </Modal>,
    );
    fireEvent.click(screen.getByText('本文'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getAllByRole('button', { name: '閉じる' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('renders nothing while closed', () => {
    render(
      <Modal open={false} title="t" onClose={vi.fn()}>
        <p>本文</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
