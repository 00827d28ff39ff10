import type { PayId } from '@oripa/contract/payments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outsideServicesCheck, type ReadinessCheck } from '../../lib/outside-check.ts';
import { providerNamed, providerNameFor } from './providers.ts';

/**
 * /readyz's check of the payment providers that take the configured methods (decision 031):
 * each adapter's `ping` (a cheap authenticated call), time-limited and cached. An adapter
 * without a ping (nothing to reach) counts as reachable.
 */
export function paymentProvidersCheck(db: Db, config: Config): ReadinessCheck {
  return outsideServicesCheck(() => {
    const names = new Set((config.PAYMENT_METHODS as PayId[]).map((payId) => providerNameFor(config, payId)));
    const probes: Record<string, () => Promise<void>> = {};
    for (const name of names) {
      const provider = providerNamed(db, name);
      probes[`payment provider ${name}`] = () => provider.ping?.() ?? Promise.resolve();
    }
    return probes;
  });
}
