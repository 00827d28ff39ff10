/**
 * Rendered public pages kept a few seconds in the process (decision 035). A public page is the
 * same for every visitor of its language (decision 032), so a crowd arriving at a pack page at
 * once costs one render: the first request renders and the others wait for that render. Short
 * enough that nothing the page shows goes stale longer than a shared cache in front of the shop
 * keeps it anyway (s-maxage, http/public-page.ts); the live remaining counts come from the page's
 * own JSON call after hydration.
 */
export const PAGE_CACHE_TTL_MS = 2_000;
/** Pages kept at most: a query string is the visitor's to choose, so the keys are unbounded. */
export const PAGE_CACHE_MAX_ENTRIES = 500;

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

export class PageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value kept for the key, else the one `produce` gives (kept ttlMs from now; a failure is not kept). */
  get(key: string, produce: () => Promise<T>): Promise<T> {
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expires > at) return kept.value;
    if (kept) this.entries.delete(key);
    const value = produce();
    this.entries.set(key, { expires: at + this.ttlMs, value });
    value.catch(() => {
      // A render that failed is tried again by the next request, not served from here.
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.evict(at);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops expired pages, then the oldest ones (Map order is insertion order) beyond the bound. */
  private evict(at: number): void {
    if (this.entries.size <= this.maxEntries) return;
    for (const [key, entry] of this.entries) if (entry.expires <= at) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
