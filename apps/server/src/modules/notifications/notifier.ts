import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { configureMailDelivery } from './mail-delivery.ts';
import { OutboxMailProvider } from './outbox-providers.ts';
import type { DeliveryErrorLog, MailProvider, Notifier } from './providers.ts';
import { SmtpMailProvider } from './smtp-mail-provider.ts';
import { createSmsProvider } from './sms/sms-provider-factory.ts';

/** The shop's mail provider alone: SMTP when SMTP_URL is set, otherwise the outbox (the ops command line's mails). */
export function mailProviderOf(config: Config, db: Db, onError: DeliveryErrorLog): MailProvider {
  return config.SMTP_URL ? SmtpMailProvider.fromUrl(config.SMTP_URL, config.MAIL_FROM, onError) : new OutboxMailProvider(db);
}

/**
 * The shop's mail and SMS providers from configuration: SMTP when SMTP_URL is set, otherwise
 * the outbox; SMS through the provider SMS_PROVIDER names (the sandbox's outbox by default),
 * whose credentials come from `env`.
 */
export function createNotifier(
  config: Config,
  db: Db,
  onError: DeliveryErrorLog,
  env: NodeJS.ProcessEnv = process.env,
  onSmsError?: (error: unknown, deliveryId: number) => void,
): Notifier {
  const mail = mailProviderOf(config, db, onError);
  const sms = createSmsProvider(config.SMS_PROVIDER, db, env, onSmsError);
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
