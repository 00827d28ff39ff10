import type { MailKind } from '@oripa/contract/mail-kinds';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import { claimDueMails, markMailDone, markMailFailed, type DueMail } from './mail-outbox.repo.ts';
import { renderMail, type MailData, type MailSite, type RenderedMail } from './mail-templates.ts';

/** Where the worker hands a rendered mail; rejects when the server refused it. */
export interface MailTransport {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
  close(): void;
}

/** An SMTP transport (nodemailer) for an smtp:// or smtps:// URL. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/** Tries per mail before it is marked failed for good. */
export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after one minute, doubling up to six hours: 1, 2, 4 … 360 minutes. */
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** A claimed mail is no other worker's for this long (longer than an SMTP send's timeout). */
const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH = 50;

/** When attempt `attempts` (1 = the first) failed: the next try, or null to give up. */
export function nextAttemptAt(now: Date, attempts: number): Date | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS));
}

function render(mail: DueMail, site: MailSite): RenderedMail {
  const lang = mail.lang === 'en' ? 'en' : 'ja';
  return renderMail(mail.kind as MailKind, (mail.data ?? {}) as MailData[MailKind], lang, site);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Delivers the mails due at `now`: claims them (never two workers for one row, across
 * instances), renders each in its language and sends it, outside any event's transaction.
 * A refused send is retried with exponential backoff, its error stored. With no transport
 * (SMTP_URL unset) the rendered mails stay in the outbox, marked 'kept'. Answers how many
 * mails it handled.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport | undefined,
  now: Date,
  site: MailSite,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const due = await db.transaction((tx) => claimDueMails(tx, now, BATCH, CLAIM_LEASE_MS));
    if (transport) {
      // Each mail is sent, then marked, on its own: a slow or failing send holds no other row.
      for (const mail of due) await deliverOne(db, mail, transport, now, site);
    } else {
      // Kept in the outbox: the whole claimed batch is marked in one transaction (one commit).
      await db.transaction(async (tx) => {
        for (const mail of due) await deliverOne(tx, mail, undefined, now, site);
      });
    }
    handled += due.length;
    if (due.length < BATCH) return handled;
  }
}

async function deliverOne(
  db: DbOrTx,
  mail: DueMail,
  transport: MailTransport | undefined,
  now: Date,
  site: MailSite,
): Promise<void> {
  let rendered: RenderedMail | undefined;
  try {
    rendered = render(mail, site);
    if (transport) await transport.send({ to: mail.recipient, ...rendered });
    await markMailDone(db, mail.id, transport ? 'sent' : 'kept', rendered, now);
  } catch (error) {
    await markMailFailed(db, mail.id, rendered, errorText(error), nextAttemptAt(now, mail.attempts));
  }
}
