import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MailSite } from './mail-templates.ts';
import { queuePaymentSlips, queuePointsExpiring } from './mail-reminders.repo.ts';
import { queueDueStatements } from './monthly-statement.ts';
import { deliverDueMail, smtpTransport, type MailTransport } from './mail-worker.ts';

/** The seller facts of the mails: the same configuration the site info (/site) serves. */
export function mailSite(config: Config): MailSite {
  return {
    url: publicUrl(config),
    seller: {
      name: config.COMPANY_NAME,
      nameEn: config.COMPANY_NAME_EN,
      address: `〒${config.COMPANY_ZIPCODE} ${config.COMPANY_ADDRESS}`,
      addressEn: config.COMPANY_ADDRESS_EN,
      tel: config.COMPANY_TEL,
      mail: config.COMPANY_MAIL,
    },
  };
}

interface MailDelivery {
  transport: MailTransport | undefined;
  site: MailSite;
}

/**
 * The running server's delivery (transport and seller facts), set when it builds its notifier,
 * so the sweeper's job — which only gets the database and the clock — can deliver. A sweep run
 * outside a server (the CLI) leaves mails for the server's next sweep.
 */
let configured: MailDelivery | undefined;

export function configureMailDelivery(config: Config): { close(): void } {
  const delivery: MailDelivery = {
    transport: config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined,
    site: mailSite(config),
  };
  configured = delivery;
  return {
    close() {
      if (configured === delivery) configured = undefined;
      delivery.transport?.close();
    },
  };
}

/** Sweeper job: delivers the due mails with the server's delivery; 0 when none is set up. */
export function deliverConfiguredMail(db: Db, now: Date): Promise<number> {
  if (!configured) return Promise.resolve(0);
  return deliverDueMail(db, configured.transport, now, configured.site);
}

/** Hours before a slip's deadline its reminder goes out. */
export const PAYMENT_REMINDER_HOURS = 24;
/** Days before points expire the member hears of it: 30, then 7 (once each). */
export const POINT_EXPIRY_REMINDER_DAYS = [30, 7] as const;

/**
 * Sweeper job: queues slip instructions, the reminders and the monthly statements due at `now`
 * (each once: keyed by its event).
 */
export async function enqueueDueReminders(db: Db, now: Date): Promise<number> {
  const [far, near] = POINT_EXPIRY_REMINDER_DAYS;
  return (
    (await queuePointsExpiring(db, now, far, near)) +
    (await queuePointsExpiring(db, now, near, 0)) +
    (await queuePaymentSlips(db, now)) +
    (await queuePaymentSlips(db, now, PAYMENT_REMINDER_HOURS)) +
    (await queueDueStatements(db, now))
  );
}
