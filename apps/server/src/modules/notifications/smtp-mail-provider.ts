import nodemailer, { type Transporter } from 'nodemailer';
import type { DeliveryErrorLog, MailMessage, MailProvider } from './providers.ts';

/**
 * Mails over SMTP with nodemailer. `send` hands the mail to the transport and returns; delivery
 * runs in the background and a failure is logged (without the body). `close` waits for what is
 * still on its way.
 */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly onError: DeliveryErrorLog,
  ) {}

  /** A provider for an smtp:// or smtps:// URL (credentials in the URL). */
  static fromUrl(url: string, from: string, onError: DeliveryErrorLog): SmtpMailProvider {
    return new SmtpMailProvider(nodemailer.createTransport(url), from, onError);
  }

  async send(message: MailMessage): Promise<void> {
    const delivery = this.transport
      .sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })
      .then(
        () => undefined,
        (error: unknown) => this.onError(error, { to: message.to, subject: message.subject }),
      )
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  async close(): Promise<void> {
    await Promise.all([...this.pending]);
    this.transport.close();
  }
}
