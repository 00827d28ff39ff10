import { useSyncExternalStore } from 'react';
import { yieldToMain } from './yield-to-main.ts';

// True unless the page is hydrating server HTML: a page the browser renders alone has nothing to
// match and is ready at once.
let hydrated = true;
// The page's main controls (the purchase panel's) are told first, the rest after them.
const firstListeners = new Set<() => void>();
const laterListeners = new Set<() => void>();

function subscriber(listeners: Set<() => void>) {
  return (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
}
const subscribeFirst = subscriber(firstListeners);
const subscribeLater = subscriber(laterListeners);

/** main.tsx, before hydrating server HTML: useHydrated says false until announceHydrated. */
export function expectHydration(): void {
  hydrated = false;
}

/**
 * Once hydration has committed: useHydrated turns true, and each component reading it is told in
 * a task of its own. A store's change re-renders its readers at once, in one synchronous render
 * (useSyncExternalStore cannot be deferred); the header's, the language switch's, the campaign
 * banner's (which starts loading its chunk) and the purchase panel's re-rendered together in the
 * hydration's effects, 12-19 ms of one task unthrottled (issue 24, point 7; decision 071).
 */
export async function announceHydrated(): Promise<void> {
  if (hydrated) return;
  hydrated = true;
  for (const listeners of [firstListeners, laterListeners]) {
    for (const listener of [...listeners]) {
      await yieldToMain();
      // Unmounted meanwhile (a navigation): nothing to tell.
      if (listeners.has(listener)) listener();
    }
  }
}

/**
 * False while the server renders and while the browser hydrates that HTML, true once the page's
 * code runs: controls that must not look ready before they work (the spin button) are drawn
 * disabled until then (decision 032). A part hydrated later (a Suspense boundary) first renders
 * false, as the server drew it, then true. `first`: the page's main controls, told before the rest.
 */
export function useHydrated(order: 'first' | 'later' = 'later'): boolean {
  return useSyncExternalStore(
    order === 'first' ? subscribeFirst : subscribeLater,
    () => hydrated,
    () => false,
  );
}
