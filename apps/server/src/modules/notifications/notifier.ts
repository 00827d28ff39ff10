import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { configureMailDelivery } from './mail-delivery.ts';
import { OutboxMailProvider, SandboxSmsProvider } from './outbox-providers.ts';
import type { DeliveryErrorLog, Notifier } from './providers.ts';
import { SmtpMailProvider } from './smtp-mail-provider.ts';

/**
 * The shop's mail and SMS providers from configuration: SMTP when SMTP_URL is set, otherwise
 * the outbox; SMS through the sandbox provider (the outbox) until a real one is configured.
 */
export function createNotifier(config: Config, db: Db, onError: DeliveryErrorLog): Notifier {
  const mail = config.SMTP_URL
    ? SmtpMailProvider.fromUrl(config.SMTP_URL, config.MAIL_FROM, onError)
    : new OutboxMailProvider(db);
  const sms = new SandboxSmsProvider(db);
  // Transactional mails (mail-outbox.ts) leave through the mail worker with this delivery.
  const delivery = configureMailDelivery(config);
  return {
    mail,
    sms,
    close: async () => {
      delivery.close();
      await mail.close();
    },
  };
}
