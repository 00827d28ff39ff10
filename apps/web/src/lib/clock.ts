/**
 * The page's one clock (decision 032). The server renders times and countdowns from the moment
 * it rendered and hands that moment over with the data; the browser's first render (the
 * hydration) uses the same moment, so both draw the same text. Later renders use the real time.
 */
let handedOver: number | undefined;

/** Sets the moment first renders use (the server per page, the browser from the handover). */
export function setRenderClock(now: number | undefined): void {
  handedOver = now;
}

/** Now, for a component's first render: the handed-over moment while the page hydrates. */
export function renderNow(): number {
  return handedOver ?? Date.now();
}
