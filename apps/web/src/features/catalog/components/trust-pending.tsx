/**
 * The trust panel's room while it loads (catalog.css .trust-pending): what follows it stays below
 * the screen instead of showing and then jumping down. Its own module, so the pack page shows it
 * without loading the panel's chunk.
 */
export function TrustPending() {
  return <div className="trust-pending" aria-hidden="true" />;
}
