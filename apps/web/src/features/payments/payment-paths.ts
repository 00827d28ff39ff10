/**
 * Addresses of the point-purchase flow. The pack the member came from (packId) travels with
 * every step so the completion screen can lead back to it (spec section 2, /buy-point).
 */

/** A positive integer id from a query or path value, or undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2147483647 ? id : undefined;
}

function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** /buy-point, keeping the pack. */
export function buyPointPath(packId?: number): string {
  return withQuery('/buy-point', { packId });
}

/** /confirm-buy-point?pointPriceId=&packId=. */
export function confirmBuyPointPath(pointPriceId: string | number, packId?: number): string {
  return withQuery('/confirm-buy-point', { pointPriceId, packId });
}

/** The pack's detail page, where the member buys it. */
export function packDetailPath(packId: number): string {
  return withQuery('/pack-detail', { packId });
}

/** A completion screen about one payment. */
export function paymentResultPath(
  screen: '/complete-buy-point' | '/complete-carrier' | '/error-carrier' | '/confirm-combini',
  paymentId: number | undefined,
  payId?: number | string,
): string {
  return withQuery(screen, { payment_id: paymentId, pay_id: payId });
}

/** True for an address of another site or of the server itself, which needs a page load. */
export function needsPageLoad(url: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return true;
  // Server routes (3-D Secure, the provider's pages) are not screens of the app.
  return /^\/(api|sandbox)(\/|\?|$)/.test(url);
}

/** A full address of this shop becomes its path, so the app navigates instead of reloading. */
export function localPathOf(url: string, origin: string = window.location.origin): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return undefined;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return undefined;
  }
}
