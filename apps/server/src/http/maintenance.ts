import type { ChangeFeed } from '../db/change-feed.ts';

/** How long the cached flag is trusted while notifications arrive (a safety net only). */
const LIVE_CACHE_MS = 30_000;
/** …and while they do not (listener connection lost): every instance still sees a switch within a second. */
const POLL_CACHE_MS = 1000;

/**
 * The maintenance switch as the HTTP layer reads it: cached so the flag costs no query per
 * request. Whoever flips it (console, CLI, any instance) publishes a change in the same
 * transaction (settings.service.ts); every instance's feed then drops its cached value, so the
 * next request reads the new one.
 */
export class MaintenanceSwitch {
  private value = false;
  private readAt = 0;

  /** `read` asks the database for the flag (the settings module's isMaintenance, given by app.ts). */
  constructor(
    private readonly read: () => Promise<boolean>,
    private readonly feed?: ChangeFeed,
  ) {
    feed?.on('maintenance', () => this.invalidate());
  }

  async isOn(now = Date.now()): Promise<boolean> {
    const lifetime = this.feed?.live ? LIVE_CACHE_MS : POLL_CACHE_MS;
    if (now - this.readAt > lifetime) {
      this.readAt = now;
      this.value = await this.read();
    }
    return this.value;
  }

  /** Forget the cached value (a change was published, or this instance made it). */
  invalidate(): void {
    this.readAt = 0;
  }
}
