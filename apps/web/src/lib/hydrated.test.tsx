import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { announceHydrated, expectHydration, useHydrated } from './hydrated.ts';

// What each reader drew, in the order React rendered them.
const drawn: string[] = [];

function Ready({ id, order }: { id: string; order?: 'first' | 'later' }) {
  const ready = useHydrated(order);
  drawn.push(`${id}:${ready ? 'ready' : 'waiting'}`);
  return <p data-testid={id}>{ready ? 'ready' : 'waiting'}</p>;
}

afterEach(async () => {
  cleanup();
  // Test files share their worker's modules (decision 065): a test that stopped before announcing
  // must not leave the flag false for the next file.
  await announceHydrated();
});

describe('useHydrated', () => {
  it('is true at once on a page the browser renders alone, false in the server’s HTML', () => {
    render(<Ready id="a" />);
    expect(screen.getByTestId('a').textContent).toBe('ready');
    expect(renderToString(<Ready id="a" />)).toContain('waiting');
  });

  it('turns true once hydration is announced, after the task that announces it', async () => {
    expectHydration();
    render(
      <>
        <Ready id="a" />
        <Ready id="b" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('waiting');
    await act(async () => {
      const announced = announceHydrated();
      // Nothing re-renders in the announcing task itself.
      expect(screen.getByTestId('a').textContent).toBe('waiting');
      await announced;
    });
    expect(screen.getByTestId('a').textContent).toBe('ready');
    expect(screen.getByTestId('b').textContent).toBe('ready');

    // Mounted afterwards: ready from its first render.
    render(<Ready id="c" />);
    expect(screen.getByTestId('c').textContent).toBe('ready');
  });

  it('tells each reader in a render of its own, the page’s main controls first', async () => {
    expectHydration();
    render(
      <>
        <Ready id="header" />
        <Ready id="spin" order="first" />
        <Ready id="footer" />
      </>,
    );
    drawn.length = 0;
    await act(() => announceHydrated());
    // One render for all would draw them in the page's order: header, spin, footer.
    expect(drawn).toEqual(['spin:ready', 'header:ready', 'footer:ready']);
  });
});
