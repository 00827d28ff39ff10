import type { Db } from '../../db/client.ts';
import { insertOutbox } from './outbox.repo.ts';
import type { MailMessage, MailProvider, SmsMessage, SmsProvider } from './providers.ts';

/** The offline mail provider: every mail lands in the outbox table for operators to read. */
export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox';

  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await insertOutbox(this.db, {
      channel: 'mail',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      userId: message.userId ?? null,
    });
  }

  async close(): Promise<void> {}
}

/**
 * The built-in sandbox SMS provider: messages land in the outbox instead of a phone. A real
 * provider implements SmsProvider the same way and is chosen in notifier.ts.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';

  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutbox(this.db, {
      channel: 'sms',
      recipient: message.to,
      subject: '',
      body: message.text,
      userId: message.userId ?? null,
    });
  }
}
