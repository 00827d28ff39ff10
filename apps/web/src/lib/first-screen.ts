import { DRAWN_PATHS } from '@oripa/contract/first-screen';
import { useEffect, useLayoutEffect, useState } from 'react';
import { yieldToMain } from './yield-to-main.ts';

/**
 * The pages whose first screen the server draws (apps/server/src/http/spa.ts): each removes that
 * screen itself in the frame its own content appears; elsewhere the root layout removes it.
 */
export const SERVER_DRAWN_PAGES: ReadonlySet<string> = new Set(Object.values(DRAWN_PATHS));

/** Whether the app started on a page the server drew (read once, when the app starts). */
const startedOnDrawnScreen = typeof document !== 'undefined' && document.getElementById('first-screen') !== null;

let markRemoved: () => void = () => {};
const removed = new Promise<void>((resolve) => {
  markRemoved = resolve;
});

/** The frame after the app's own first screen replaced the drawn one has been painted. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => resolve());
  });
}

const firstScreenShown: Promise<void> = startedOnDrawnScreen ? removed.then(nextFrame).then(yieldToMain) : Promise.resolve();
let shown = !startedOnDrawnScreen;
void firstScreenShown.then(() => {
  shown = true;
});

/** Removes the first screen drawn by the server (apps/server/src/http/first-screen.ts, pack-first-screen.ts). */
export function removeFirstScreen(): void {
  const screen = document.getElementById('first-screen');
  if (!screen) return;
  screen.remove();
  markRemoved();
}

/**
 * False on the first render while the drawn first screen still stands in for the app (the app's
 * screen renders out of sight meanwhile), true a task later: a page renders its first screen in
 * two short tasks instead of one long one, and removes the drawn screen when both are done.
 * Always true once the drawn screen is gone, on other pages and in tests.
 */
export function useNextTaskOnDrawnScreen(): boolean {
  const [ready, setReady] = useState(() => shown || document.getElementById('first-screen') === null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void yieldToMain().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * False while the app's start on a server-drawn page has not shown its own first screen yet,
 * then true, `stage` tasks after that screen's frame: what lies below the first screen (footer,
 * further packs, lineup, description) waits for it, so the take-over renders and lays out only
 * what the drawn screen showed, and the rest follows in short tasks of its own, one per stage
 * (decision 015, addendum "start-up in short tasks"). Always true on other pages and in tests.
 */
export function useAfterFirstScreen(stage = 1): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    let live = true;
    let waited = firstScreenShown;
    for (let i = 0; i < stage; i += 1) waited = waited.then(yieldToMain);
    void waited.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, stage]);
  return ready;
}

/**
 * A server-drawn page's take-over in short tasks (decision 015, addendum): `first` a task after
 * the first render, when the page's own first screen is complete (the drawn one goes in that
 * commit), then `next` and `later`, one task each after that screen's frame, for what lies
 * below. All true at once when the app did not start on a drawn page (and in tests).
 */
export function useDrawnScreenTakeOver(): { first: boolean; next: boolean; later: boolean } {
  const first = useNextTaskOnDrawnScreen();
  useLayoutEffect(() => {
    if (first) removeFirstScreen();
  }, [first]);
  const next = useAfterFirstScreen(1);
  const later = useAfterFirstScreen(2);
  return { first, next, later };
}

/**
 * `ready`, one task (and a frame) later, on a server-drawn start: a section whose data arrived
 * renders its first part in one task and the rest (passed `ready` once the first part is there)
 * in the next. As `ready` at once when the app did not start on a drawn page, once its first
 * screen is shown, and in tests.
 */
export function useTaskAfter(ready: boolean): boolean {
  // Only during the start on a drawn page: a later visit to the page renders at once.
  const [later, setLater] = useState(shown);
  useEffect(() => {
    if (!ready || later) return;
    let live = true;
    void yieldToMain().then(() => {
      if (live) setLater(true);
    });
    return () => {
      live = false;
    };
  }, [ready, later]);
  return ready && later;
}
