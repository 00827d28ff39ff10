import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { isLoading, withLoading } from './loading.ts';
import { DOUBLE_TAP_MS, installTouchGuard } from './touch-guard.ts';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('loading flag', () => {
  it('shows the overlay until the last task ends, also when a task fails', async () => {
    render(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    const first = deferred();
    let running: Promise<unknown> = Promise.resolve();
    let failing: Promise<unknown> = Promise.resolve();
    act(() => {
      running = withLoading(() => first.promise);
      failing = withLoading(async () => {
        throw new Error('boom');
      }).catch(() => 'caught');
    });
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    await act(async () => {
      await failing;
    });
    expect(isLoading()).toBe(true);
    await act(async () => {
      first.resolve();
      await running;
    });
    expect(isLoading()).toBe(false);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});

function touch(type: 'touchstart' | 'touchend', touches: number): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: Array.from({ length: touches }) });
  document.dispatchEvent(event);
  return event;
}

describe('touch guard', () => {
  it('blocks a second tap within 350 ms but not a later one', () => {
    let now = 1000;
    const remove = installTouchGuard(document, () => now);
    try {
      expect(touch('touchend', 0).defaultPrevented).toBe(false);
      now += DOUBLE_TAP_MS - 50;
      expect(touch('touchend', 0).defaultPrevented).toBe(true);
      now += DOUBLE_TAP_MS + 1;
      expect(touch('touchend', 0).defaultPrevented).toBe(false);
    } finally {
      remove();
    }
  });

  it('blocks multi-touch', () => {
    const remove = installTouchGuard(document, () => 0);
    try {
      expect(touch('touchstart', 1).defaultPrevented).toBe(false);
      expect(touch('touchstart', 2).defaultPrevented).toBe(true);
    } finally {
      remove();
    }
  });
});
