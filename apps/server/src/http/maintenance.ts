import type { Db } from '../db/client.ts';
import { isMaintenance } from '../modules/settings/settings.service.ts';

/** How long an instance trusts its cached flag; other instances see a switch within this. */
const CACHE_MS = 2000;

/**
 * The maintenance switch as the HTTP layer reads it: cached briefly so the flag costs no query
 * per request; the instance that flips it (through the operator endpoint) sees it at once.
 */
export class MaintenanceSwitch {
  private value = false;
  private readAt = 0;

  constructor(private readonly db: Db) {}

  async isOn(now = Date.now()): Promise<boolean> {
    if (now - this.readAt > CACHE_MS) {
      this.value = await isMaintenance(this.db);
      this.readAt = now;
    }
    return this.value;
  }

  /** Forget the cached value, after this instance changed it. */
  invalidate(): void {
    this.readAt = 0;
  }
}
