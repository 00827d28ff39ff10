import type { Db } from '../../db/client.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { signHeadIfGrown } from '../transparency/log.service.ts';
import { drawReadyPurchases } from './drawer.ts';
import { revealDueLots } from './reveal-jobs.ts';

/** Ticks between two looks for lots whose seed is due (end of sale, withdrawal, deadline). */
const REVEAL_EVERY_TICKS = 10;

/**
 * The heartbeat of oripa-draw-v2 in each instance: every LOG_HEAD_INTERVAL_MS it signs a tree
 * head when the log grew, draws the purchases whose beacon round exists, and now and then
 * reveals the seeds that are due. Every step is safe with many instances (advisory lock for
 * heads, SKIP LOCKED per lot for draws), so each instance runs its own; after a restart the
 * first tick picks up whatever was recorded and not drawn. A result call waiting for cards
 * `kick`s it rather than waiting for the next tick.
 */
export class FairnessPump {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private ticks = 0;

  constructor(
    private readonly db: Db,
    private readonly fairness: Fairness,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.kick(), this.fairness.headIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queued;
    await this.current;
  }

  /** Runs a tick after the one in progress (ticks asked for meanwhile share it). */
  kick(): Promise<void> {
    if (this.queued) return this.queued;
    const previous = this.current ?? Promise.resolve();
    this.queued = previous.then(() => {
      this.queued = undefined;
      this.current = this.tick().finally(() => {
        this.current = undefined;
      });
      return this.current;
    });
    return this.queued;
  }

  private async tick(): Promise<void> {
    try {
      await signHeadIfGrown(this.db, this.fairness.signer);
      await drawReadyPurchases(this.db, this.fairness);
      // The draws just appended their entries: sign them now rather than a tick later.
      await signHeadIfGrown(this.db, this.fairness.signer);
      this.ticks += 1;
      if (this.ticks % REVEAL_EVERY_TICKS === 1) await revealDueLots(this.db, this.fairness, new Date());
    } catch (error) {
      this.onError(error);
    }
  }
}

const pumps = new WeakMap<Db, FairnessPump>();

/** This process's pump of a database (one per database; tests open several). */
export function pumpFor(db: Db, fairness: Fairness, onError: (error: unknown) => void = () => undefined): FairnessPump {
  let pump = pumps.get(db);
  if (!pump) {
    pump = new FairnessPump(db, fairness, onError);
    pumps.set(db, pump);
  }
  return pump;
}
