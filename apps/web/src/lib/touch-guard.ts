/** Two taps closer together than this are one accidental double tap (spec section 2). */
export const DOUBLE_TAP_MS = 350;

/**
 * Blocks a second tap within 350 ms (it would zoom or submit twice) and multi-touch gestures
 * (pinch zoom) on the whole document. Returns a function that removes the listeners.
 */
export function installTouchGuard(
  target: Document = document,
  now: () => number = () => Date.now(),
): () => void {
  let lastTouchEnd = Number.NEGATIVE_INFINITY;

  const onTouchStart = (event: TouchEvent): void => {
    if (event.touches.length > 1) event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent): void => {
    const time = now();
    if (time - lastTouchEnd <= DOUBLE_TAP_MS) event.preventDefault();
    lastTouchEnd = time;
  };

  target.addEventListener('touchstart', onTouchStart, { passive: false });
  target.addEventListener('touchend', onTouchEnd, { passive: false });
  return () => {
    target.removeEventListener('touchstart', onTouchStart);
    target.removeEventListener('touchend', onTouchEnd);
  };
}
