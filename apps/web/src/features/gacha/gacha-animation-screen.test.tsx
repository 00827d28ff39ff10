import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { revealArrival } from '@/lib/pack-purchase.ts';
import { createTestQueryClient, mockApi, Where, type ApiAnswer } from '@/test-utils.tsx';
import { GachaAnimationScreen } from './gacha-animation-screen.tsx';
import type { WonCard } from '@oripa/contract/gacha';
import { makeCard, makeResult, useCalmReveal } from './test-results.ts';

const CARDS = [makeCard(71, { rarity: 7, rarity_label: 'UR', name: '天空神獣' }), makeCard(72), makeCard(73)];

interface RevealOptions {
  /** History entries before the reveal's (it is always the last, current one). */
  before?: InitialEntry[];
  /** Render in StrictMode, where React runs effects twice. */
  strict?: boolean;
}

function mountRouter(entries: InitialEntry[], strict = false) {
  const router = createMemoryRouter(
    [
      { path: '/gacha-animation', element: <GachaAnimationScreen /> },
      ...['/', '/get-card-list', '/thank-you', '/pack-detail'].map((path) => ({ path, element: <Where /> })),
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const tree = (
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, unmount: view.unmount };
}

function renderReveal(
  result: ApiAnswer<'GET /user/pack/gache_result'>,
  state: unknown = revealArrival(7),
  movies: string[] = [],
  { before = [], strict = false }: RevealOptions = {},
) {
  const fetchMock = mockApi({ 'GET /user/pack/gache_result*': result, 'GET /user/reveal_movies': { list: movies } });
  return { fetchMock, ...mountRouter([...before, { pathname: '/gacha-animation', state }], strict) };
}

const phase = () => screen.getByTestId('reveal-stage').dataset.phase;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('/gacha-animation', () => {
  /** The src of the operator video the reveal plays, or null when it plays the built-in movie. */
  async function playedVideo(cards: WonCard[], movieStyle: number, movies: string[]): Promise<string | null> {
    // jsdom has no media playback.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { fetchMock } = renderReveal(makeResult(cards, { pack_history_id: 7, movie_style: movieStyle }), revealArrival(7), movies);
    await screen.findByText('タップしてスタート');
    // Tap only once the list of operator videos has arrived.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/reveal_movies')).toBe(true));
    await act(async () => {
      await Promise.resolve();
    });
    fireEvent.click(screen.getByTestId('reveal-tap'));
    await advance(300);
    expect(phase()).toBe('movie');
    return screen.queryByTestId('movie-video')?.getAttribute('src') ?? null;
  }

  it("plays the operator's video for the highest rarity won (1-7) and the movie style", async () => {
    // CARDS' best card has rarity 7 (display tier 3); the video is named by the rarity.
    expect(await playedVideo(CARDS, 1, ['/media/movie-r3-s1.mp4', '/media/movie-r7-s1.mp4'])).toBe('/media/movie-r7-s1.mp4');
  });

  it('plays a rarity-7 result with movie_style 3 from the webm when only that is listed', async () => {
    const cards = [makeCard(91, { rarity: 2 }), makeCard(92, { rarity: 7, rarity_label: 'UR' }), makeCard(93, { rarity: 5 })];
    expect(await playedVideo(cards, 3, ['/media/movie-r7-s3.webm'])).toBe('/media/movie-r7-s3.webm');
  });

  it('prefers the mp4 when both kinds are listed', async () => {
    const cards = [makeCard(91, { rarity: 4 })];
    expect(await playedVideo(cards, 2, ['/media/movie-r4-s2.mp4', '/media/movie-r4-s2.webm'])).toBe('/media/movie-r4-s2.mp4');
  });

  it('plays the built-in movie when only videos of other rarities, styles or the old tier names exist', async () => {
    // Rarity 6 is display tier 2: the old tier name movie-r2-s1 is not its video.
    const cards = [makeCard(91, { rarity: 6, rarity_label: 'SSR' }), makeCard(92, { rarity: 1 })];
    expect(
      await playedVideo(cards, 1, ['/media/movie-r2-s1.mp4', '/media/movie-r7-s1.mp4', '/media/movie-r6-s3.mp4']),
    ).toBeNull();
  });

  useCalmReveal();

  it('plays a single draw after a purchase: tap to start, a pause, the movie, then its card', async () => {
    const { fetchMock } = renderReveal(makeResult([CARDS[0] as WonCard], { pack_history_id: 7 }));
    await screen.findByText('タップしてスタート');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/gache_result?pack_history_id=7')).toBe(true);
    // The highest tier won picks the look; the list of operator videos is asked for.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/reveal_movies')).toBe(true);
    expect(phase()).toBe('ready');

    // From here the clock moves only when the test moves it: with shouldAdvanceTime a loaded
    // machine's real milliseconds between the tap and advance(299) ended the 300 ms pause early.
    vi.useFakeTimers();
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
    expect(screen.getByTestId('reveal-counter').textContent).toBe('1 / 1');
    expect(screen.queryByTestId('reveal-grid')).toBeNull();
    await advance(300);
    expect(phase()).toBe('flipping');
    await advance(250);
    expect(phase()).toBe('face');
    expect(screen.getByRole('img', { name: '天空神獣' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('reveal-tap'));
    // React DOM renders the navigation in a transition, on the scheduler's (faked) timers; the
    // library's findBy polls on them too, so the test moves the clock itself.
    await advance(1);
    expect(screen.getByTestId('where').textContent).toBe('/get-card-list?packHistoryId=7|null');
  });

  it('shows a multi-draw as a grid after the movie, rarest first; one tap turns all, the next goes to the list', async () => {
    const cards = [
      makeCard(61),
      makeCard(62, { rarity: 5, rarity_label: 'SR', name: '黄金竜' }),
      makeCard(63),
      makeCard(64, { rarity: 7, rarity_label: 'UR', name: '天空神獣' }),
    ];
    renderReveal(makeResult(cards, { pack_history_id: 7 }));
    await screen.findByText('4枚のカードを開封します');
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('reveal-tap'));
    await advance(300);
    await advance(1400);
    expect(phase()).toBe('grid');
    const grid = screen.getByTestId('reveal-grid');
    expect(grid.dataset.side).toBe('back');
    const items = screen.getAllByTestId('reveal-grid-card');
    expect(items.map((item) => item.dataset.rarity)).toEqual(['7', '5', '1', '1']);
    expect(items.map((item) => item.classList.contains('is-rare'))).toEqual([true, true, false, false]);
    expect(screen.queryByRole('img', { name: 'UR 天空神獣' })).toBeNull();
    expect(screen.getByTestId('reveal-tap').getAttribute('aria-label')).toBe('すべてのカードをめくる');
    expect(screen.queryByTestId('reveal-card')).toBeNull();

    // One tap on the grid turns every card.
    fireEvent.click(grid);
    expect(phase()).toBe('grid-face');
    expect(screen.getByTestId('reveal-grid').dataset.side).toBe('face');
    expect(screen.getByRole('img', { name: 'UR 天空神獣' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'SR 黄金竜' })).toBeTruthy();
    expect(screen.getByText('4枚のカードを表示しました')).toBeTruthy();

    fireEvent.click(screen.getByTestId('reveal-tap'));
    await advance(1);
    expect(screen.getByTestId('where').textContent).toBe('/get-card-list?packHistoryId=7|null');
  });

  it('is operable by keyboard: focus on the stage, Enter and Space advance, skip the movie, Escape skips', async () => {
    renderReveal(makeResult(CARDS, { pack_history_id: 7 }));
    const tap = await screen.findByTestId('reveal-tap');
    expect(document.activeElement).toBe(tap);
    expect(screen.getByText('Enter / Space キーで次へ')).toBeTruthy();
    fireEvent.keyDown(tap, { key: 'Enter' });
    expect(phase()).toBe('intro-delay');
    await advance(300);
    expect(phase()).toBe('movie');
    // A key skips the movie (a tap does not).
    fireEvent.keyDown(tap, { key: ' ' });
    expect(phase()).toBe('grid');
    // A held key is one step, not many.
    fireEvent.keyDown(tap, { key: 'Enter', repeat: true });
    expect(phase()).toBe('grid');
    // Keys on a SKIP button are that button's own.
    fireEvent.keyDown(screen.getByTestId('reveal-skip'), { key: 'Enter' });
    expect(phase()).toBe('grid');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(phase()).toBe('grid-face');
    fireEvent.keyDown(tap, { key: 'Escape' });
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=7|null');
  });

  it('SKIP skips the movie and skip all goes to the list', async () => {
    renderReveal(makeResult(CARDS, { pack_history_id: 7 }));
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await advance(300);
    expect(phase()).toBe('movie');
    fireEvent.click(screen.getByTestId('reveal-skip'));
    expect(phase()).toBe('grid');
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
    const { fetchMock } = renderReveal(makeResult(CARDS, { pack_history_id: 12 }), null);
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=12|null');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/gache_result')).toBe(true);
  });

  it('uses the purchase mark once: a reload afterwards goes to the card list, the reveal on screen goes on', async () => {
    const { fetchMock, router, unmount } = renderReveal(makeResult(CARDS, { pack_history_id: 7 }));
    await screen.findByText('タップしてスタート');
    // The mark is dropped from the history entry; the screen stays on the reveal.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/gacha-animation');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(phase()).toBe('ready');
    fireEvent.click(screen.getByTestId('reveal-tap'));
    await advance(300);
    expect(phase()).toBe('movie');

    // A reload: the browser gives the entry back as it now is, without the mark.
    const entry = router.state.location;
    unmount();
    fetchMock.mockClear();
    mountRouter([{ pathname: entry.pathname, search: entry.search, state: entry.state as unknown }]);
    expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=7|null');
    expect(screen.queryByTestId('reveal-stage')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/pack/gache_result')).toBe(true);
  });

  it('goes to the card list on a return through history after leaving the reveal', async () => {
    const { router } = renderReveal(makeResult(CARDS, { pack_history_id: 7 }), revealArrival(7), [], {
      before: ['/pack-detail?packId=3'],
    });
    await screen.findByText('タップしてスタート');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    // The member leaves mid-reveal (say, through the header), then comes back with the back button.
    await act(() => router.navigate('/'));
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/get-card-list?packHistoryId=7|null'),
    );
    // The reveal's entry was replaced; back from the list is the pack page.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pack-detail?packId=3|null'));
  });

  it('drops the mark once and keeps playing in StrictMode', async () => {
    const { router } = renderReveal(makeResult(CARDS, { pack_history_id: 7 }), revealArrival(7), [], { strict: true });
    const seen: unknown[] = [];
    const stop = router.subscribe((state) => seen.push(state.location.state));
    try {
      await screen.findByText('タップしてスタート');
      await waitFor(() => expect(router.state.location.state).toBeNull());
      fireEvent.click(screen.getByTestId('reveal-tap'));
      await advance(300);
      expect(phase()).toBe('movie');
      fireEvent.click(screen.getByTestId('reveal-skip'));
      expect(phase()).toBe('grid');
      expect(router.state.location.pathname).toBe('/gacha-animation');
      fireEvent.click(screen.getByTestId('reveal-skip-all'));
      expect((await screen.findByTestId('where')).textContent).toBe('/get-card-list?packHistoryId=7|null');
      // One replacement of the entry, then the way out.
      expect(seen).toEqual([null, null]);
    } finally {
      stop();
    }
  });

  it('goes to the top page when the result has no cards', async () => {
    renderReveal({ state: 404, result: '0', cards: [], errors: { result: ['購入結果が見つかりません。'] } });
    expect((await screen.findByTestId('where')).textContent).toBe('/|null');
  });

  it('keeps the DOM small for a 3000-card result: the grid shows the rarest 100 and says where the rest are', async () => {
    const many = Array.from({ length: 3000 }, (_, index) => makeCard(5000 + index, index === 2999 ? { rarity: 7 } : {}));
    renderReveal(makeResult(many, { pack_history_id: 7 }));
    fireEvent.click(await screen.findByTestId('reveal-tap'));
    await advance(300);
    fireEvent.click(screen.getByTestId('reveal-skip'));
    const items = screen.getAllByTestId('reveal-grid-card');
    expect(items).toHaveLength(100);
    // The rarest card, drawn last, is first.
    expect(items[0]?.dataset.rarity).toBe('7');
    expect(document.querySelectorAll('img').length).toBeLessThanOrEqual(100);
    fireEvent.click(screen.getByTestId('reveal-tap'));
    expect(screen.getByTestId('reveal-grid-more').textContent).toBe('ほか2,900枚はカード一覧で確認できます');
  });
});
