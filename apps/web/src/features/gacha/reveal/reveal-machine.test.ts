import { describe, expect, it } from 'vitest';
import { initialReveal, isPlaying, revealReducer, type RevealEvent, type RevealState } from './reveal-machine.ts';

function run(state: RevealState, ...events: RevealEvent['type'][]): RevealState {
  return events.reduce((current, type) => revealReducer(current, { type } as RevealEvent), state);
}

describe('reveal state machine', () => {
  it('waits for the tap to start, pauses, plays the movie, then pauses before the flip of a single draw', () => {
    let state = initialReveal(1, false);
    expect(state.phase).toBe('ready');
    expect(isPlaying(state)).toBe(false);
    // Nothing but the tap starts it.
    expect(run(state, 'delay-elapsed', 'movie-ended', 'flip-ended').phase).toBe('ready');
    state = run(state, 'tap');
    expect(state.phase).toBe('intro-delay');
    state = run(state, 'delay-elapsed');
    expect(state.phase).toBe('movie');
    expect(run(state, 'tap').phase).toBe('movie');
    state = run(state, 'movie-ended');
    expect(state).toMatchObject({ phase: 'card-delay', index: 0 });
    state = run(state, 'delay-elapsed');
    expect(state.phase).toBe('flipping');
    state = run(state, 'flip-ended');
    expect(state).toMatchObject({ phase: 'face', index: 0, instant: false });
  });

  it('shows the face at once when the card is tapped during the pause or the flip', () => {
    const waiting = run(initialReveal(1, false), 'tap', 'delay-elapsed', 'movie-ended');
    expect(run(waiting, 'tap')).toMatchObject({ phase: 'face', index: 0, instant: true });
    const flipping = run(waiting, 'delay-elapsed');
    const tapped = run(flipping, 'tap');
    expect(tapped).toMatchObject({ phase: 'face', index: 0, instant: true });
    // A late end of the flip changes nothing.
    expect(run(tapped, 'flip-ended')).toEqual(tapped);
  });

  it('SKIP skips the movie, then the card', () => {
    const movie = run(initialReveal(1, false), 'tap', 'delay-elapsed');
    const first = run(movie, 'skip');
    expect(first).toMatchObject({ phase: 'card-delay', index: 0 });
    expect(run(first, 'skip')).toMatchObject({ phase: 'done', exit: '/get-card-list' });
    // Skipping during the pause before the movie skips the movie too.
    expect(run(initialReveal(1, false), 'tap', 'skip')).toMatchObject({ phase: 'card-delay', index: 0 });
    // SKIP does not start the reveal.
    expect(run(initialReveal(1, false), 'skip').phase).toBe('ready');
  });

  it('ends on the card list after the card of a point purchase', () => {
    const face = run(initialReveal(1, false), 'tap', 'delay-elapsed', 'movie-ended', 'tap');
    expect(face).toMatchObject({ phase: 'face', index: 0 });
    const done = run(face, 'tap');
    expect(done).toMatchObject({ phase: 'done', exit: '/get-card-list' });
    expect(isPlaying(done)).toBe(false);
    expect(run(done, 'tap')).toEqual(done);
  });

  it('ends on the thank-you page after the card of a coin purchase', () => {
    const done = run(initialReveal(1, true), 'tap', 'delay-elapsed', 'skip', 'skip');
    expect(done).toMatchObject({ phase: 'done', exit: '/thank-you' });
  });

  it('shows a multi-draw as a grid after the movie: one tap turns every card, the next ends', () => {
    const grid = run(initialReveal(10, false), 'tap', 'delay-elapsed', 'movie-ended');
    expect(grid).toMatchObject({ phase: 'grid', index: 0 });
    expect(isPlaying(grid)).toBe(true);
    // Timers of the one-card reveal change nothing.
    expect(run(grid, 'delay-elapsed', 'flip-ended')).toEqual(grid);
    const faces = run(grid, 'tap');
    expect(faces.phase).toBe('grid-face');
    expect(run(faces, 'tap')).toMatchObject({ phase: 'done', exit: '/get-card-list' });
    // SKIP (and a key) do the same; skipping the movie goes to the grid.
    expect(run(initialReveal(10, false), 'tap', 'skip').phase).toBe('grid');
    expect(run(grid, 'skip').phase).toBe('grid-face');
    expect(run(grid, 'key', 'key')).toMatchObject({ phase: 'done', exit: '/get-card-list' });
    expect(run(initialReveal(10, true), 'tap', 'skip', 'skip', 'skip')).toMatchObject({ phase: 'done', exit: '/thank-you' });
  });

  it('skip all ends at once, from the movie or the grid of 3000', () => {
    const movie = run(initialReveal(3000, false), 'tap', 'delay-elapsed');
    expect(run(movie, 'skip-all')).toMatchObject({ phase: 'done', exit: '/get-card-list' });
    expect(run(movie, 'skip', 'skip-all')).toMatchObject({ phase: 'done', exit: '/get-card-list' });
  });

  it('is done at once when there is no card', () => {
    expect(initialReveal(0, true)).toMatchObject({ phase: 'done', exit: '/thank-you' });
  });

  it('takes a key (Enter or Space) as a tap, and as a skip while the movie plays', () => {
    const ready = initialReveal(1, false);
    const intro = revealReducer(ready, { type: 'key' });
    expect(intro.phase).toBe('intro-delay');
    expect(revealReducer(intro, { type: 'key' })).toMatchObject({ phase: 'card-delay', index: 0 });
    const movie = { ...intro, phase: 'movie' as const };
    expect(revealReducer(movie, { type: 'key' })).toMatchObject({ phase: 'card-delay', index: 0 });
    const delay = revealReducer(movie, { type: 'key' });
    expect(revealReducer(delay, { type: 'key' })).toMatchObject({ phase: 'face', instant: true });
  });
});
