import { isOptionalMailKind, type MailKind } from '@oripa/contract/mail-kinds';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventMailsPart, insertOperatorMails, insertQueuedMails } from './mail-outbox.repo.ts';
import type { MailData } from './mail-templates.ts';

export type { MailData } from './mail-templates.ts';

/** One event's mail: `key` names the event (e.g. 'payment:12'); one mail per kind and key. */
export interface QueuedMail<K extends MailKind = MailKind> {
  userId: number;
  kind: K;
  key: string;
  data: MailData[K];
}

/**
 * Puts a transactional mail in the outbox, in the caller's transaction (`tx`), so the mail
 * exists exactly when its event committed. It is written in the member's language (users.lang,
 * the language they registered in) and rendered and sent later by the mail worker, never inside
 * the caller's transaction. A second call for the same kind and key does nothing; an optional
 * kind the member turned off is skipped. Answers whether a mail was queued.
 */
export async function enqueueMail<K extends MailKind>(
  tx: DbOrTx,
  mail: QueuedMail<K>,
  now: Date = new Date(),
): Promise<boolean> {
  return (await enqueueMails(tx, [mail], now)) > 0;
}

/** enqueueMail for many events in one statement (a purchase batch); answers how many were queued. */
export function enqueueMails(
  tx: DbOrTx,
  mails: readonly QueuedMail[],
  now: Date = new Date(),
): Promise<number> {
  return insertQueuedMails(
    tx,
    mails.map((mail) => ({
      userId: mail.userId,
      kind: mail.kind,
      eventKey: mail.key,
      data: mail.data as unknown as Record<string, unknown>,
      optional: isOptionalMailKind(mail.kind),
    })),
    now,
  );
}

/**
 * enqueueMails for events the caller's one statement makes itself (a purchase batch's
 * purchases), as a CTE of that statement: see eventMailsPart in the repo. Each mail's key is
 * `keyPrefix` and its event's id; its data the given data with that id added as `idField`.
 */
export function enqueueEventMailsPart<K extends MailKind, F extends keyof MailData[K] & string>(
  mail: { kind: K; keyPrefix: string; idField: F; data: readonly Omit<MailData[K], F>[] },
  events: SQL,
  now: Date,
): SQL {
  return eventMailsPart(
    {
      kind: mail.kind,
      optional: isOptionalMailKind(mail.kind),
      keyPrefix: mail.keyPrefix,
      idField: mail.idField,
      data: mail.data as unknown as Record<string, unknown>[],
    },
    events,
    now,
  );
}

/**
 * Queues an operators' mail (an alert) to `recipients`, in the caller's transaction; once per
 * event key and address. Rendered in Japanese by the mail worker, like members' mails.
 */
export function enqueueOperatorMail<K extends MailKind>(
  tx: DbOrTx,
  mail: { kind: K; key: string; data: MailData[K]; recipients: readonly string[] },
  now: Date = new Date(),
): Promise<number> {
  return insertOperatorMails(
    tx,
    { kind: mail.kind, eventKey: mail.key, data: mail.data as unknown as Record<string, unknown>, recipients: mail.recipients },
    now,
  );
}
