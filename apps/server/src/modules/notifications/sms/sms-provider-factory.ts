import type { Db } from '../../../db/client.ts';
import { SandboxSmsProvider } from '../outbox-providers.ts';
import type { SmsProvider } from '../providers.ts';
import { QueuedSmsProvider } from './queued-sms-provider.ts';
import type { SmsProviderName, SmsSender } from './sms-sender.ts';
import { createSnsSender } from './sns-sender.ts';
import { createTwilioSender } from './twilio-sender.ts';

const SENDERS: Record<Exclude<SmsProviderName, 'sandbox'>, (env: NodeJS.ProcessEnv) => SmsSender> = {
  twilio: createTwilioSender,
  sns: createSnsSender,
};

/**
 * The SMS provider SMS_PROVIDER names (decision 031): the sandbox (the outbox, the default), or
 * Twilio or Amazon SNS through the job engine. A real one reads its credentials from `env` and
 * throws, naming what is missing, so the server refuses to start without them.
 */
export function createSmsProvider(
  name: SmsProviderName,
  db: Db,
  env: NodeJS.ProcessEnv,
  onError?: (error: unknown, deliveryId: number) => void,
): SmsProvider {
  if (name === 'sandbox') return new SandboxSmsProvider(db);
  return new QueuedSmsProvider(db, SENDERS[name](env), onError);
}
