import type { Db } from '../../../db/client.ts';
import type { JobEngine, QueueDefinition } from '../../../kernel/job-engine.ts';
import type { SmsMessage, SmsProvider } from '../providers.ts';
import { toE164 } from './phone-number.ts';
import * as deliveries from './sms-deliveries.repo.ts';
import type { SmsSender } from './sms-sender.ts';

/** The job engine's queue of SMS sends. */
export const SMS_QUEUE = 'sms-send';
/** Retries after the first failed attempt (backoff from 10 s, doubling: about 5 minutes in all). */
export const SMS_RETRY_LIMIT = 5;

/** Why an attempt failed, as the delivery record keeps it: the provider's code and words, never the text. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const fields = error as Error & { code?: unknown; status?: unknown; name: string };
  const code = fields.code ?? fields.status;
  return `${error.name}${code !== undefined ? ` ${String(code)}` : ''}: ${error.message}`;
}

/**
 * A real SMS provider behind the shop's SmsProvider (decision 031): `send` writes the delivery
 * record (the number in E.164 form, queued) and queues a job; the job engine's worker hands the
 * message to the provider, retrying with backoff when it fails, and records each attempt, the
 * provider's message id, or the last error once the retries are spent.
 */
export class QueuedSmsProvider implements SmsProvider {
  readonly name: string;
  private engine: Pick<JobEngine, 'send'> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sender: SmsSender,
    /** Logs a failed attempt (the server's log scrubs secrets; the text is never passed). */
    private readonly onError: (error: unknown, deliveryId: number) => void = () => undefined,
  ) {
    this.name = sender.name;
  }

  /** The engine the server started with `queue()` among its queues (server.ts). */
  attach(engine: Pick<JobEngine, 'send'>): void {
    this.engine = engine;
  }

  async send(message: SmsMessage): Promise<void> {
    if (!this.engine) throw new Error('the job engine that sends SMS has not started');
    const to = toE164(message.to);
    const deliveryId = await deliveries.insertDelivery(this.db, to, this.sender.name);
    await this.engine.send(SMS_QUEUE, { delivery_id: deliveryId, text: message.text });
  }

  ping(): Promise<void> {
    return this.sender.ping();
  }

  /** The queue whose worker sends (one job per message); the first retry after `retryDelaySeconds`, doubling. */
  queue(retryDelaySeconds = 10): QueueDefinition {
    return {
      name: SMS_QUEUE,
      retryLimit: SMS_RETRY_LIMIT,
      retryDelaySeconds,
      expireInSeconds: 60,
      run: async ({ data, retryCount }) => {
        const id = Number(data.delivery_id);
        const delivery = await deliveries.startAttempt(this.db, id);
        // Sent already (a job run again after its worker died past the provider's answer).
        if (!delivery) return;
        try {
          const messageId = await this.sender.send(delivery.to, String(data.text ?? ''));
          await deliveries.markSent(this.db, id, messageId);
        } catch (error) {
          await deliveries.markAttemptFailed(this.db, id, errorText(error), retryCount >= SMS_RETRY_LIMIT);
          this.onError(error, id);
          throw error;
        }
      },
    };
  }
}
