import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOptOuts, outbox } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';

export interface QueuedMailRow {
  userId: number;
  kind: string;
  eventKey: string;
  data: Record<string, unknown>;
  /** Whether the member's opt-out of this kind holds it back. */
  optional: boolean;
  now: Date;
}

/**
 * One statement: reads the member's address and language (the users table, read-only: a second
 * round trip inside purchases' transactions would cost more than the seam is worth), skips a
 * kind the member turned off, and does nothing when the event already has its mail. Returns
 * whether a row was added.
 */
export async function insertQueuedMail(tx: DbOrTx, row: QueuedMailRow): Promise<boolean> {
  const optedOut = row.optional
    ? sql`exists (select 1 from ${mailOptOuts} o where o.user_id = ${users.id} and o.kind = ${row.kind})`
    : sql`false`;
  const result = await tx.execute<{ id: number }>(sql`
    insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at)
    select 'mail', ${users.mail}, '', ${users.id}, ${row.kind}, ${row.eventKey}, ${users.lang},
           ${JSON.stringify(row.data)}::jsonb, 'pending', ${row.now.toISOString()}::timestamptz
      from ${users}
     where ${users.id} = ${row.userId} and not ${optedOut}
    on conflict (kind, event_key) do nothing
    returning id`);
  return result.rows.length > 0;
}

export interface DueMail {
  id: number;
  recipient: string;
  kind: string;
  lang: string;
  data: Record<string, unknown> | null;
  attempts: number;
}

/**
 * Claims up to `limit` due mails: locks them with SKIP LOCKED (another instance's worker takes
 * others), counts the attempt and moves their next attempt `leaseMs` ahead, so until that lease
 * ends no other worker picks them, even after this transaction commits.
 */
export async function claimDueMails(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<DueMail[]> {
  const result = await db.execute<{
    id: string | number;
    recipient: string;
    kind: string;
    lang: string;
    data: Record<string, unknown> | null;
    attempts: number;
  }>(sql`
    update ${outbox} o set attempts = o.attempts + 1,
           next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      from (select id from ${outbox}
             where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
             order by next_attempt_at, id
             limit ${limit}
             for update skip locked) due
     where o.id = due.id
    returning o.id, o.recipient, o.kind, o.lang, o.data, o.attempts`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The mail left (or, without SMTP, stays in the outbox as 'kept'). */
export async function markMailDone(
  db: DbOrTx,
  id: number,
  state: 'sent' | 'kept',
  mail: RenderedMail,
  now: Date,
): Promise<void> {
  await db
    .update(outbox)
    .set({ state, subject: mail.subject, body: mail.text, html: mail.html, sentAt: now, nextAttemptAt: null, lastError: '' })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')));
}

/** A failed attempt: next try at `retryAt`, or 'failed' for good when `retryAt` is null. */
export async function markMailFailed(
  db: DbOrTx,
  id: number,
  mail: RenderedMail | undefined,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: retryAt ? 'pending' : 'failed',
      nextAttemptAt: retryAt,
      lastError: error.slice(0, 500),
      ...(mail ? { subject: mail.subject, body: mail.text, html: mail.html } : {}),
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')));
}

/** A member's transactional mails, oldest first (tests, the console). */
export function mailsOf(db: DbOrTx, userId: number) {
  return db.select().from(outbox).where(and(eq(outbox.userId, userId), sql`${outbox.kind} <> ''`)).orderBy(asc(outbox.id));
}

export async function optedOutKinds(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  return rows.map((r) => r.kind);
}

/** Replaces the member's opt-outs with `kinds`. */
export async function setOptedOutKinds(db: DbOrTx, userId: number, kinds: readonly string[]): Promise<void> {
  await db.delete(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  if (kinds.length > 0) await db.insert(mailOptOuts).values(kinds.map((kind) => ({ userId, kind })));
}

/** Due mails left (metrics, tests). */
export async function countPendingMails(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.state, 'pending'), lte(outbox.nextAttemptAt, now)));
  return row?.n ?? 0;
}
