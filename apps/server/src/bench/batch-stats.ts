/**
 * The purchase batches of a shop during a part of the bench, read from its Prometheus metrics
 * (GET /metrics on METRICS_PORT): how many batches ran, how many orders each took, how long each
 * held its pack, and what share of the part a batch was running. One pack's batches run one after
 * another (decision 005), so a busy share near 1 says the chain of batches is what limits the
 * sale, not the CPU.
 */
export interface BatchTotals {
  batches: number;
  orders: number;
  seconds: number;
}

function metric(text: string, name: string): number {
  const line = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return line ? Number(line[1]) : Number.NaN;
}

/** The batch histograms' totals so far, or undefined when the metrics do not answer. */
export async function batchTotals(metricsUrl: string | undefined): Promise<BatchTotals | undefined> {
  if (!metricsUrl) return undefined;
  try {
    const text = await (await fetch(metricsUrl)).text();
    const totals = {
      batches: metric(text, 'oripa_purchase_batch_orders_count'),
      orders: metric(text, 'oripa_purchase_batch_orders_sum'),
      seconds: metric(text, 'oripa_purchase_batch_seconds_sum'),
    };
    return Object.values(totals).every(Number.isFinite) ? totals : undefined;
  } catch {
    return undefined;
  }
}

/** Prints `<prefix>_batch_…=` lines for what ran between `before` and `after`, over `seconds`. */
export function printBatchUse(prefix: string, before: BatchTotals | undefined, after: BatchTotals | undefined, seconds: number): void {
  if (!before || !after || after.batches <= before.batches) {
    console.log(`${prefix}_batches=unknown (no metrics from the shop)`);
    return;
  }
  const batches = after.batches - before.batches;
  const orders = after.orders - before.orders;
  const held = after.seconds - before.seconds;
  console.log(`${prefix}_batches_per_s=${(batches / seconds).toFixed(1)} batch_orders_mean=${(orders / batches).toFixed(1)}`);
  console.log(`${prefix}_batch_ms_mean=${((held / batches) * 1000).toFixed(2)} (inside its transaction to commit, the pack locked)`);
  console.log(
    `${prefix}_batch_busy_share=${(held / seconds).toFixed(3)} (of the sale, a batch of the pack running; near 1: the batches follow one another and their chain is the limit)`,
  );
}
