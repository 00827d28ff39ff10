import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revealArrival } from '../../lib/pack-purchase.ts';
import { createTestQueryClient, mockApi } from '../../test-utils.tsx';
import { GachaAnimationScreen } from './gacha-animation-screen.tsx';
import { Where } from './gacha-test-where.tsx';
import { makeCard, makeResult } from './test-results.ts';

const CARDS = [makeCard(71, { rarity: 7, rarity_label: 'UR', name: '天空神獣' }), makeCard(72), makeCard(73)];

function renderReveal(result: object, state: unknown = revealArrival(7), movies: string[] = []) {
  const fetchMock = mockApi({ 'GET /user/pack/gache_result*': result, 'GET /user/reveal_movies': { list: movies } });
  const router = createMemoryRouter(
    [
      { path: '/gacha-animation', element: <GachaAnimationScreen /> },
      ...['/', '/get-card-list', '/thank-you'].map((path) => ({ path, element: <Where /> })),
    ],
    { initialEntries: [{ pathname: '/gacha-animation', state }] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const phase = () => screen.getByTestId('reveal-stage').dataset.phase;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('/gacha-animation', () => {
  it("plays the operator's video when one is listed for the look", async () => {
    // jsdom has no media playback.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderReveal(makeResult(CARDS, { pack_history_id: 7 }), revealArrival(7), ['/media/movie-r3-s1.mp4']);
    await screen.findByText('タップしてスタート');
    fireEvent.click(screen.getByTestId('reveal-tap'));
    await advance(300);
    const video = await screen.findByTestId('movie-video');
    expect(video.getAttribute('src')).toBe('/media/movie-r3-s1.mp4');
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The calm version: no canvas in jsdom.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays after a purchase: tap to start, a pause, the movie, then a card per tap', async () => {
    const fetchMock = renderReveal(makeResult(CARDS, { pack_history_id: 7 }));
    await screen.findByText('タップしてスタート');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/gache_result?pack_history_id=7')).toBe(true);
    // The highest tier won picks the look; the list of operator videos is asked for.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/reveal_movies')).toBe(true);
    expect(phase()).toBe('ready');

    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect(phase()).toBe('intro-delay');
    await advance(299);
    expect(phase()).toBe('intro-delay');
    await advance(1);
    expect(phase()).toBe('movie');
    expect(screen.getByTestId('movie-calm')).toBeTruthy();
    await advance(1400);
    expect(phase()).toBe('card-delay');
    expect(screen.getByTestId('reveal-card').dataset.side).toBe('back');
    expect(screen.getByTestId('reveal-counter').textContent).toBe('1 / 3');
    await advance(300);
    expect(phase()).toBe('flipping');
    await advance(250);
    expect(phase()).toBe('face');
    expect(screen.getByRole('img', { name: '天空神獣' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect(phase()).toBe('card-delay');
    expect(screen.getByTestId('reveal-counter').textContent).toBe('2 / 3');
    // A tap during the pause shows the face at once.
    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect(phase()).toBe('face');
    expect(screen.getByTestId('reveal-card').className).toContain('is-instant');

    fireEvent.click(screen.getByTestId('reveal-skip'));
    expect(screen.getByTestId('reveal-counter').textContent).toBe('3 / 3');
    fireEvent.click(screen.getByTestId('reveal-skip'));
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=7|null');
  });

  it('SKIP skips the movie and skip all goes to the list', async () => {
    renderReveal(makeResult(CARDS, { pack_history_id: 7 }));
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await advance(300);
    expect(phase()).toBe('movie');
    fireEvent.click(screen.getByTestId('reveal-skip'));
    expect(phase()).toBe('card-delay');
    fireEvent.click(screen.getByTestId('reveal-skip-all'));
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=7|null');
  });

  it('ends a coin purchase on the thank-you page', async () => {
    renderReveal(makeResult([makeCard(81, { status: '1' })], { pack_history_id: 9, is_buy_coin: 1 }));
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await advance(300);
    fireEvent.click(screen.getByTestId('reveal-skip'));
    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect(phase()).toBe('face');
    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect((await screen.findByTestId('where')).textContent).toBe('/thank-you?packHistoryId=9|null');
  });

  it('goes straight to the card list when not arriving from a purchase', async () => {
    const fetchMock = renderReveal(makeResult(CARDS, { pack_history_id: 12 }), null);
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=12|null');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/gache_result')).toBe(true);
  });

  it('goes to the top page when the result has no cards', async () => {
    renderReveal({ state: 404, result: '0', cards: [], errors: { result: ['購入結果が見つかりません。'] } });
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
  });

  it('keeps the DOM small for a 3000-card result', async () => {
    const many = Array.from({ length: 3000 }, (_, index) => makeCard(5000 + index));
    renderReveal(makeResult(many, { pack_history_id: 7 }));
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await advance(300);
    fireEvent.click(screen.getByTestId('reveal-skip'));
    expect(screen.getByTestId('reveal-counter').textContent).toBe('1 / 3,000');
    expect(screen.getAllByTestId('reveal-card')).toHaveLength(1);
    expect(document.querySelectorAll('img').length).toBeLessThanOrEqual(1);
  });
});
