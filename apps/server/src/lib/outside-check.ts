/**
 * A readiness check of an outside service (a payment provider, the SMS provider): answers
 * undefined when it can be reached, otherwise why not. Each probe gets a short timeout, and an
 * answer is kept for a while, so frequent /readyz polls do not flood the provider with calls and
 * a hung provider cannot hold the probe (decision 031).
 */
export type ReadinessCheck = () => Promise<string | undefined>;

export const PROBE_TIMEOUT_MS = 3000;
export const PROBE_CACHE_MS = 30_000;

function withTimeout(probe: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([probe(), late]).finally(() => clearTimeout(timer));
}

/** A cached, time-limited check of `probes` (name → probe): the reason names each one that failed. */
export function outsideServicesCheck(
  probes: () => Record<string, () => Promise<void>>,
  options: { timeoutMs?: number; cacheMs?: number; now?: () => number } = {},
): ReadinessCheck {
  const { timeoutMs = PROBE_TIMEOUT_MS, cacheMs = PROBE_CACHE_MS, now = Date.now } = options;
  let cached: { at: number; answer: Promise<string | undefined> } | undefined;
  const run = async (): Promise<string | undefined> => {
    const entries = Object.entries(probes());
    const failed = await Promise.all(entries.map(async ([name, probe]) => ((await withTimeout(probe, timeoutMs).then(() => true, () => false)) ? undefined : name)));
    const names = failed.filter((n): n is string => n !== undefined);
    return names.length === 0 ? undefined : `cannot reach ${names.join(', ')}`;
  };
  return () => {
    if (!cached || now() - cached.at >= cacheMs) cached = { at: now(), answer: run() };
    return cached.answer;
  };
}
