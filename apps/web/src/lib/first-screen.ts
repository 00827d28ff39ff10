/**
 * The pages whose first screen the server draws (apps/server/src/http/spa.ts): each removes that
 * screen itself in the frame its own content appears; elsewhere the root layout removes it.
 */
export const SERVER_DRAWN_PAGES: ReadonlySet<string> = new Set(['/', '/pack-detail']);

/** Removes the first screen drawn by the server (apps/server/src/http/first-screen.ts). */
export function removeFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}
