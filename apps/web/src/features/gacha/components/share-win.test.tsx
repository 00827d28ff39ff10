import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test-utils.tsx';
import { makeCard, makeResult } from '../test-results.ts';
import { ShareWin } from './share-win.tsx';

describe('share link on a result', () => {
  it('links the best card to the share page and to an X post of that page, nothing personal', () => {
    const result = makeResult([makeCard(70), makeCard(71, { name: '天空神獣', rarity: 7 })], { twitter_code: '5f0c2a9e7b3d41c6a8e2f0b9d4c7a1e3' });
    renderAt('/thank-you', <ShareWin result={result} />);
    expect(screen.getByTestId('share-page-link').getAttribute('href')).toBe('/share?code=5f0c2a9e7b3d41c6a8e2f0b9d4c7a1e3');
    const x = new URL(screen.getByTestId('share-x-link').getAttribute('href') ?? '');
    expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(`${window.location.origin}/share?code=5f0c2a9e7b3d41c6a8e2f0b9d4c7a1e3`);
    expect(x.searchParams.get('text')).toContain('天空神獣');
  });

  it('shows nothing without a share code', () => {
    renderAt('/thank-you', <ShareWin result={makeResult([makeCard(70)], { twitter_code: '' })} />);
    expect(screen.queryByTestId('share-win')).toBeNull();
  });
});
