import type { Db } from '../../db/client.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { signHeadIfGrown } from '../transparency/log.service.ts';
import { drawReadyPurchases } from './drawer.ts';
import { revealDueLots } from './reveal-jobs.ts';

/** Ticks between two looks for lots whose seed is due (end of sale, withdrawal, deadline). */
const REVEAL_EVERY_TICKS = 40;
/**
 * How often the pump looks for draws to make: often enough that a purchase's cards follow its
 * beacon round within a quarter second (the round comes every 3 s; heads every LOG_HEAD_INTERVAL_MS).
 */
const DRAW_TICK_MS = 250;

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
  /** A caller of the queued tick is waiting for cards: that tick signs a head at once. */
  private queuedWaiting = false;
  private ticks = 0;
  private lastHead = 0;

  constructor(
    private readonly db: Db,
    private readonly fairness: Fairness,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.kick(), Math.min(DRAW_TICK_MS, this.fairness.headIntervalMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queued;
    await this.current;
  }

  /**
   * Runs a tick after the one in progress (ticks asked for meanwhile share it). `waiting`: a
   * result call waits for cards, so the head is signed now rather than at the interval.
   */
  kick(waiting = false): Promise<void> {
    // A waiting caller who joins a tick the timer queued still gets its head signed at once.
    if (waiting) this.queuedWaiting = true;
    if (this.queued) return this.queued;
    const previous = this.current ?? Promise.resolve();
    this.queued = previous.then(() => {
      this.queued = undefined;
      const force = this.queuedWaiting;
      this.queuedWaiting = false;
      this.current = this.tick(force).finally(() => {
        this.current = undefined;
      });
      return this.current;
    });
    return this.queued;
  }

  /** A head at most every LOG_HEAD_INTERVAL_MS from this instance (`force`: a caller is waiting). */
  private async head(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastHead < this.fairness.headIntervalMs) return;
    this.lastHead = now;
    await signHeadIfGrown(this.db, this.fairness.signer, now);
  }

  private async tick(force = false): Promise<void> {
    try {
      await this.head(force);
      await drawReadyPurchases(this.db, this.fairness);
      await this.head(false);
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
