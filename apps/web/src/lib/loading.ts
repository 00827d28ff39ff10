import { useSyncExternalStore } from 'react';

/**
 * The global loading flag (spec section 2, shared frame): while any `withLoading` task runs, an
 * overlay blocks the page so a submission cannot be sent twice. A counter, so overlapping tasks
 * keep the overlay until the last one ends.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isLoading(): boolean {
  return pending > 0;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Runs `task` with the overlay shown; the overlay goes away however the task ends. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  pending += 1;
  emit();
  try {
    return await task();
  } finally {
    pending -= 1;
    emit();
  }
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(subscribeLoading, isLoading, isLoading);
}
