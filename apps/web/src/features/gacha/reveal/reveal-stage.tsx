import { NUMBER_FLAG } from '@oripa/contract/constants';
import type { PurchaseResult } from '@oripa/contract/gacha';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { wonTierName } from '@/components/won-card.tsx';
import { formatNumber } from '@/lib/format.ts';
import { usePrefersReducedMotion } from '@/lib/reduced-motion.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { highestRarity, highestTier, movieLook, operatorMoviePaths } from './movie-look.ts';
import {
  initialReveal,
  isPlaying,
  REVEAL_DELAY_MS,
  revealReducer,
  type RevealExit,
} from './reveal-machine.ts';
import { RevealCard } from './reveal-card.tsx';
import { GRID_MAX, RevealGrid } from './reveal-grid.tsx';
import { RevealMovie } from './reveal-movie.tsx';
import { useOperatorMovie } from './use-operator-movie.ts';
import { langOf } from '@/lib/text-lang.ts';

/** Length of the flip (matches .reveal-card__inner's transition) and of its calm fade. */
export const FLIP_MS = 650;
const CALM_FLIP_MS = 250;

interface RevealStageProps {
  result: PurchaseResult;
  onExit: (exit: RevealExit) => void;
}

function preload(src: string | undefined): void {
  if (!src) return;
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
}

/**
 * The full-screen reveal: 'tap to start', the opening movie, then the card of a single draw, or
 * the grid of a multi-draw (issue 25: all cards at once, one tap turns them all). The grid draws
 * at most GRID_MAX cards, so 3000 cards cost no more than 100.
 */
export function RevealStage({ result, onExit }: RevealStageProps) {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const isCoin = result.is_buy_coin === NUMBER_FLAG.yes;
  const [state, dispatch] = useReducer(revealReducer, undefined, () => initialReveal(result.cards.length, isCoin));
  const tier = useMemo(() => highestTier(result.cards), [result.cards]);
  const look = useMemo(() => movieLook(tier, result.movie_style), [tier, result.movie_style]);
  // The operator's video is keyed by the best rarity won (1–7), the built-in movie by its tier.
  const moviePaths = useMemo(
    () => operatorMoviePaths(highestRarity(result.cards), result.movie_style),
    [result.cards, result.movie_style],
  );
  const videoUrl = useOperatorMovie(moviePaths);
  const exit = useRef(onExit);
  const tapTarget = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    exit.current = onExit;
  }, [onExit]);

  // The pauses before the movie and before each flip, and the flip itself.
  useEffect(() => {
    let wait: number | null = null;
    if (state.phase === 'intro-delay' || state.phase === 'card-delay') {
      wait = REVEAL_DELAY_MS;
    } else if (state.phase === 'flipping') {
      wait = reducedMotion ? CALM_FLIP_MS : FLIP_MS;
    }
    if (wait === null) return undefined;
    const event = state.phase === 'flipping' ? 'flip-ended' : 'delay-elapsed';
    const timer = window.setTimeout(() => dispatch({ type: event }), wait);
    return () => window.clearTimeout(timer);
  }, [state.phase, state.index, reducedMotion]);

  useEffect(() => {
    if (state.phase === 'done' && state.exit) exit.current(state.exit);
  }, [state.phase, state.exit]);

  useEffect(() => {
    if (state.phase === 'card-delay') preload(result.cards[state.index + 1]?.image);
  }, [state.phase, state.index, result.cards]);

  // The stage covers the page: the page behind does not scroll, focus starts on the stage (in
  // the commit that draws it, before the paint: a key pressed before a later effect ran would go
  // to the page behind).
  useLayoutEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    tapTarget.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // Keyboard (issue 15 item 10): Enter or Space advances (starts, shows the face, next card,
  // skips the movie), Escape skips the movie or card on show. Keys on the SKIP buttons keep
  // their own meaning; on the stage's tap target they are taken here, not as its click, so one
  // press is one step.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && target !== tapTarget.current && target.closest('button, a, input, select, textarea')) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        if (!event.repeat) dispatch({ type: 'key' });
      } else if (event.key === 'Escape') {
        event.preventDefault();
        dispatch({ type: 'skip' });
      }
    };
    // Space clicks a focused button when the key comes up: not the tap target's (handled above).
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' && event.target === tapTarget.current) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, []);

  // When the focused SKIP buttons go away (the last card, the movie's end), focus comes back to
  // the stage so the keys keep working.
  useLayoutEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) tapTarget.current?.focus();
  }, [state.phase, state.index]);

  const card = result.cards[state.index];
  const onCard = state.phase === 'card-delay' || state.phase === 'flipping' || state.phase === 'face';
  const side = state.phase === 'face' ? 'face' : state.phase === 'flipping' ? 'flipping' : 'back';
  // The stage's light follows the tier of the card on show.
  const faceTier = card && state.phase === 'face' ? `face-${wonTierName(card.rarity)}` : '';

  const onGrid = state.phase === 'grid' || state.phase === 'grid-face';
  let tapLabel = t('gacha.reveal.tapToStart');
  if (state.phase === 'grid') {
    tapLabel = t('gacha.reveal.flipAll');
  } else if (state.phase === 'grid-face') {
    tapLabel = t('gacha.reveal.finish');
  } else if (state.phase === 'face') {
    tapLabel = state.index + 1 < state.total ? t('gacha.reveal.next') : t('gacha.reveal.finish');
  } else if (onCard) {
    tapLabel = t('gacha.reveal.showNow');
  } else if (state.phase !== 'ready') {
    tapLabel = t('gacha.reveal.playing');
  }

  return (
    <div
      className={['reveal-stage', `look-tier-${look.tier}`, reducedMotion ? 'is-calm' : '', faceTier].filter(Boolean).join(' ')}
      data-testid="reveal-stage"
      data-phase={state.phase}
    >
      <button
        ref={tapTarget}
        type="button"
        className="reveal-stage__tap"
        aria-label={tapLabel}
        data-testid="reveal-tap"
        onClick={() => dispatch({ type: 'tap' })}
      />

      {(state.phase === 'movie' || state.phase === 'intro-delay') && (
        <div className="reveal-stage__movie">
          {state.phase === 'movie' && (
            <RevealMovie
              look={look}
              videoUrl={videoUrl}
              reducedMotion={reducedMotion}
              onEnded={() => dispatch({ type: 'movie-ended' })}
            />
          )}
        </div>
      )}

      {onCard && card && (
        <div className="reveal-stage__card" key={state.index}>
          <RevealCard card={card} side={side} instant={state.instant} showValue={!isCoin} calm={reducedMotion} />
        </div>
      )}

      {onGrid && (
        <RevealGrid
          cards={result.cards}
          faceUp={state.phase === 'grid-face'}
          calm={reducedMotion}
          onTap={() => dispatch({ type: 'tap' })}
        />
      )}

      {state.phase === 'ready' && (
        <div className="reveal-start" aria-hidden="true">
          <p className="reveal-start__title" lang={langOf(result.title)}>{result.title}</p>
          <p className="reveal-start__count">
            {t('gacha.reveal.cardCount', { count: state.total, formatted: formatNumber(state.total) })}
          </p>
          <p className="reveal-start__tap">{t('gacha.reveal.tapToStart')}</p>
          <p className="reveal-start__sub">{t('gacha.reveal.tapToStartSub')}</p>
          <p className="reveal-start__keys">{t('shopper.reveal.keyHint')}</p>
        </div>
      )}

      {isPlaying(state) && (
        <div className="reveal-controls">
          {onCard && (
            <p className="reveal-controls__counter" data-testid="reveal-counter">
              {formatNumber(state.index + 1)} / {formatNumber(state.total)}
            </p>
          )}
          <div className="reveal-controls__buttons">
            <button
              type="button"
              className="reveal-button"
              data-testid="reveal-skip"
              onClick={() => dispatch({ type: 'skip' })}
            >
              {t('gacha.reveal.skip')}
            </button>
            <button
              type="button"
              className="reveal-button reveal-button--all"
              data-testid="reveal-skip-all"
              onClick={() => dispatch({ type: 'skip-all' })}
            >
              {isCoin ? t('gacha.reveal.skipAllCoin') : t('gacha.reveal.skipAll')}
            </button>
          </div>
        </div>
      )}

      {state.phase === 'face' && (
        <p className="reveal-hint" aria-hidden="true">
          {state.index + 1 < state.total ? t('gacha.reveal.tapNext') : t('gacha.reveal.tapFinish')}
        </p>
      )}
      {onGrid && (
        <p className="reveal-hint" aria-hidden="true">
          {state.phase === 'grid' ? t('gacha.reveal.tapFlipAll') : t('gacha.reveal.tapFinish')}
        </p>
      )}

      <p className="visually-hidden" aria-live="polite">
        {state.phase === 'face' && card ? `${card.rarity_label} ${card.name}` : ''}
        {state.phase === 'grid-face'
          ? t('gacha.reveal.gridShown', { formatted: formatNumber(Math.min(state.total, GRID_MAX)) })
          : ''}
      </p>
    </div>
  );
}
