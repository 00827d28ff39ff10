import type { HttpMember } from './http-member.ts';

/** What a buying load measured: latencies of purchases that succeeded, and when each was answered. */
export interface BuyLoad {
  purchasesPerSecond: number;
  /** Purchase latencies (check + buy), sorted, ms. */
  latencies: number[];
  failures: number;
  /** performance.now() of each successful purchase's answer, in order: a lower bound of packs drawn by then. */
  answeredAt: number[];
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Every member buys one pack at a time from `packId` until `seconds` have passed. */
export async function buyFor(members: HttpMember[], packId: number, seconds: number): Promise<BuyLoad> {
  const latencies: number[] = [];
  const answeredAt: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    members.map(async (m) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        if (await m.buy(packId, 1)) {
          const now = performance.now();
          latencies.push(now - t);
          answeredAt.push(now);
        } else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { purchasesPerSecond: latencies.length / elapsed, latencies, failures, answeredAt };
}
