import { outsideServicesCheck, type ReadinessCheck } from '../../../lib/outside-check.ts';
import type { SmsProvider } from '../providers.ts';

/** /readyz's check of the SMS provider (its `ping`, time-limited and cached); the sandbox has none. */
export function smsProviderCheck(sms: SmsProvider): ReadinessCheck {
  return outsideServicesCheck(() => (sms.ping ? { [`SMS provider ${sms.name}`]: () => sms.ping!() } : {}));
}
