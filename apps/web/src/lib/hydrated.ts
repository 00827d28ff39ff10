import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true once the page's
 * code runs: controls that must not look ready before they work (the spin button) are drawn
 * disabled until then (decision 032).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
