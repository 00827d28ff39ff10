/**
 * The reveal of /gacha-animation as a pure state machine (spec section 2): 'tap to start', a
 * 300 ms pause, the opening movie, then per card a 300 ms pause, the flip and the face. A tap
 * during the pause or the flip shows the face at once; a tap on the face goes to the next card.
 * SKIP skips the movie or the current card; 'skip all' ends at once. The end leads to the card
 * list, or to the thank-you page for a coin purchase (its cards are all shipped).
 *
 * A multi-draw (issue 25) shows its cards at once in a grid after the movie, face down; one tap
 * (or SKIP) turns them all, the next one ends. A single draw keeps the one-card reveal.
 */

export type RevealPhase =
  /** The 'tap to start' overlay. */
  | 'ready'
  /** The pause before the movie plays. */
  | 'intro-delay'
  | 'movie'
  /** The card back, for the pause before the flip. */
  | 'card-delay'
  | 'flipping'
  | 'face'
  /** A multi-draw's cards at once, face down. */
  | 'grid'
  /** A multi-draw's cards at once, face up. */
  | 'grid-face'
  | 'done';

export type RevealExit = '/get-card-list' | '/thank-you';

export interface RevealState {
  phase: RevealPhase;
  /** The card on show (0-based). */
  index: number;
  total: number;
  isCoin: boolean;
  /** The face was shown by a tap, without the end of the flip animation. */
  instant: boolean;
  /** Where to go once done. */
  exit: RevealExit | null;
}

export type RevealEvent =
  | { type: 'tap' }
  | { type: 'delay-elapsed' }
  | { type: 'movie-ended' }
  | { type: 'flip-ended' }
  | { type: 'skip' }
  | { type: 'skip-all' }
  /** Enter or Space (issue 15 item 10): a tap, except that it skips the movie a tap cannot. */
  | { type: 'key' };

/** The pause before the movie and before each flip (spec section 4, "Timing"). */
export const REVEAL_DELAY_MS = 300;

function finish(state: RevealState): RevealState {
  return { ...state, phase: 'done', instant: false, exit: state.isCoin ? '/thank-you' : '/get-card-list' };
}

function showCard(state: RevealState, index: number): RevealState {
  if (index >= state.total) return finish(state);
  if (state.total > 1) return { ...state, phase: 'grid', index: 0, instant: false };
  return { ...state, phase: 'card-delay', index, instant: false };
}

export function initialReveal(total: number, isCoin: boolean): RevealState {
  const state: RevealState = { phase: 'ready', index: 0, total, isCoin, instant: false, exit: null };
  return total > 0 ? state : finish(state);
}

export function revealReducer(state: RevealState, event: RevealEvent): RevealState {
  if (state.phase === 'done') return state;
  switch (event.type) {
    case 'skip-all':
      return finish(state);
    case 'key':
      return revealReducer(state, { type: state.phase === 'intro-delay' || state.phase === 'movie' ? 'skip' : 'tap' });
    case 'tap':
      switch (state.phase) {
        case 'ready':
          return { ...state, phase: 'intro-delay' };
        case 'card-delay':
        case 'flipping':
          return { ...state, phase: 'face', instant: true };
        case 'face':
          return showCard(state, state.index + 1);
        case 'grid':
          return { ...state, phase: 'grid-face' };
        case 'grid-face':
          return finish(state);
        default:
          return state;
      }
    case 'delay-elapsed':
      if (state.phase === 'intro-delay') return { ...state, phase: 'movie' };
      if (state.phase === 'card-delay') return { ...state, phase: 'flipping' };
      return state;
    case 'movie-ended':
      return state.phase === 'movie' ? showCard(state, 0) : state;
    case 'flip-ended':
      return state.phase === 'flipping' ? { ...state, phase: 'face', instant: false } : state;
    case 'skip':
      switch (state.phase) {
        case 'intro-delay':
        case 'movie':
          return showCard(state, 0);
        case 'card-delay':
        case 'flipping':
        case 'face':
          return showCard(state, state.index + 1);
        case 'grid':
          return { ...state, phase: 'grid-face' };
        case 'grid-face':
          return finish(state);
        default:
          return state;
      }
    default:
      return state;
  }
}

/** Whether the movie or a card is on show (SKIP and 'skip all' are offered then). */
export function isPlaying(state: RevealState): boolean {
  return state.phase !== 'ready' && state.phase !== 'done';
}
