/**
 * Leaves the app for another page (the provider's pages, 3-D Secure, a wallet): a full page
 * load, unlike in-app navigation. Its own module so tests can watch it.
 */
export function leaveTo(href: string): void {
  window.location.assign(href);
}
