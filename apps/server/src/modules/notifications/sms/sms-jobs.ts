import type { JobEngine, QueueDefinition } from '../../../kernel/job-engine.ts';
import type { SmsProvider } from '../providers.ts';
import { QueuedSmsProvider } from './queued-sms-provider.ts';

/** The job queues the SMS provider sends through (none for the sandbox's outbox). */
export function smsJobQueues(sms: SmsProvider): QueueDefinition[] {
  return sms instanceof QueuedSmsProvider ? [sms.queue()] : [];
}

/** Hands the started engine to the SMS provider, which queues its sends on it. */
export function attachSmsJobs(sms: SmsProvider, engine: Pick<JobEngine, 'send'>): void {
  if (sms instanceof QueuedSmsProvider) sms.attach(engine);
}
