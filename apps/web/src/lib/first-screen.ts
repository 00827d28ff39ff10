/** Removes the top page's first screen drawn by the server (apps/server/src/http/first-screen.ts). */
export function removeFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}
