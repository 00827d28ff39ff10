import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { observePurchaseBatches } from './purchase-events.ts';

/** Cards past their 24 hours still undecided: what the sweeper has yet to settle (partial index). */
async function overdueHoldings(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from holdings where state = 'pending' and deadline_at < now()`,
  );
  return Number(row?.n ?? 0);
}

/** Reads how much work waits in the job queue (replaces the default once a job engine runs). */
export type QueueDepth = () => Promise<number>;

/**
 * The shop's Prometheus metrics, one registry per app (tests build several apps in one process).
 * Names follow Prometheus conventions: `oripa_` prefix, base units (seconds), `_total` counters.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly batchSize: Histogram;
  private readonly batchTime: Histogram;
  private readonly purchases: Counter;
  private queueDepth: QueueDepth | undefined;
  private readonly unobserve: () => void;

  constructor(private readonly database: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'oripa_' });
    this.requests = new Counter({
      name: 'oripa_http_requests_total',
      help: 'Requests answered, by route pattern and HTTP status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'oripa_http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.batchSize = new Histogram({
      name: 'oripa_purchase_batch_orders',
      help: 'Buy orders per purchase batch (one transaction)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers,
    });
    this.batchTime = new Histogram({
      name: 'oripa_purchase_batch_seconds',
      help: 'Time of a purchase batch inside its transaction, to its commit (the pack is locked meanwhile)',
      buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.purchases = new Counter({
      name: 'oripa_purchases_total',
      help: 'Purchases committed by this instance',
      registers,
    });
    this.unobserve = observePurchaseBatches(database.db, (orders, accepted, seconds) => {
      this.batchSize.observe(orders);
      this.batchTime.observe(seconds);
      this.purchases.inc(accepted);
    });

    const payments = new Gauge({
      name: 'oripa_payments',
      help: 'Payments by state (the whole shop, read at scrape time)',
      labelNames: ['state'],
      registers,
      collect: async () => {
        const rows = await queryRows<{ state: string; n: number }>(
          this.database.db,
          sql`select state, count(*)::int as n from payments group by state`,
        );
        payments.reset();
        for (const row of rows) payments.set({ state: row.state }, Number(row.n));
      },
    });
    const queue = new Gauge({
      name: 'oripa_job_queue_depth',
      help: 'Work due and not yet done by the sweeper: overdue undecided cards (the whole shop, read at scrape time)',
      registers,
      collect: async () => {
        queue.set(await (this.queueDepth ?? (() => overdueHoldings(this.database)))());
      },
    });
    const pool = new Gauge({
      name: 'oripa_db_pool_connections',
      help: 'Database pool of this instance: total, idle, and requests waiting for a connection',
      labelNames: ['kind'],
      registers,
      collect: () => {
        const stats = this.database.poolStats?.();
        if (!stats) return;
        pool.set({ kind: 'total' }, stats.total);
        pool.set({ kind: 'idle' }, stats.idle);
        pool.set({ kind: 'waiting' }, stats.waiting);
        pool.set({ kind: 'max' }, stats.max);
      },
    });
  }

  /** One answered request. `route` is the pattern (never the raw URL: bounded label values). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  setQueueDepth(read: QueueDepth): void {
    this.queueDepth = read;
  }

  /** Stops listening to the database's purchase batches (the app closed). */
  close(): void {
    this.unobserve();
  }

  /** The exposition text for a scrape. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
