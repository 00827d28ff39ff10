import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { mailOptOuts, outbox } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';

export interface QueuedMailRow {
  userId: number;
  kind: string;
  eventKey: string;
  data: Record<string, unknown>;
  /** Whether the member's opt-out of this kind holds it back. */
  optional: boolean;
}

/**
 * One statement for any number of mails: reads each member's address and language (the users
 * table, read-only: a round trip per mail inside a purchase batch's transaction would cost more
 * than the seam is worth), skips kinds the member turned off, and does nothing for an event that
 * already has its mail. Answers how many rows were added.
 */
export async function insertQueuedMails(
  tx: DbOrTx,
  rows: readonly QueuedMailRow[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const input = JSON.stringify(
    rows.map((r) => ({
      user_id: r.userId,
      kind: r.kind,
      event_key: r.eventKey,
      data: r.data,
      optional: r.optional,
    })),
  );
  const added = await queryRows<{ n: number }>(
    tx,
    sql`with ${queuedMailsPart(
      sql`select * from jsonb_to_recordset(${input}::jsonb) as m(user_id int, kind text, event_key text, data jsonb, optional boolean)`,
      now,
    )} select count(*)::int as n from queued_mails`,
  );
  return added[0]?.n ?? 0;
}

/**
 * insertQueuedMails as a CTE (`queued_mails`, one row per mail added) of the caller's statement,
 * for mails whose rows come from that statement: `source` is a query of it yielding
 * `user_id int, kind text, event_key text, data jsonb, optional boolean` (a purchase batch's
 * summaries, keyed by purchase ids the same statement inserts).
 */
export function queuedMailsPart(source: SQL, now: Date): SQL {
  return sql`queued_mails as (
    insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at)
    select 'mail', u.mail, '', u.id, m.kind, m.event_key, u.lang, m.data, 'pending', ${now.toISOString()}::timestamptz
      from (${source}) as m
      join ${users} u on u.id = m.user_id
     where not (m.optional and exists (select 1 from ${mailOptOuts} o where o.user_id = u.id and o.kind = m.kind))
    on conflict (kind, event_key) do nothing
    returning id)`;
}

/**
 * Mails of one kind, one per event that the caller's statement itself makes (purchases it
 * inserts), as the CTE `queued_mails` of that statement: `events` is a query of it yielding
 * `event_id int, user_id int, ord int`; each mail's key is `keyPrefix` and the event's id, its
 * data `data[ord - 1]` with the event's id added as `idField`.
 */
export function eventMailsPart(
  mail: { kind: string; optional: boolean; keyPrefix: string; idField: string; data: readonly Record<string, unknown>[] },
  events: SQL,
  now: Date,
): SQL {
  return queuedMailsPart(
    sql`select e.user_id, ${mail.kind}::text as kind, ${mail.keyPrefix}::text || e.event_id as event_key,
               jsonb_build_object(${mail.idField}::text, e.event_id) || (${JSON.stringify(mail.data)}::jsonb -> (e.ord - 1)::int) as data,
               ${mail.optional}::boolean as optional
        from (${events}) as e`,
    now,
  );
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
export async function claimDueMails(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DueMail[]> {
  const rows = await queryRows<{
    id: string | number;
    recipient: string;
    kind: string;
    lang: string;
    data: Record<string, unknown> | null;
    attempts: number;
  }>(
    db,
    sql`
    update ${outbox} o set attempts = o.attempts + 1,
           next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      from (select id from ${outbox}
             where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
             order by next_attempt_at, id
             limit ${limit}
             for update skip locked) due
     where o.id = due.id
    returning o.id, o.recipient, o.kind, o.lang, o.data, o.attempts`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
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
    .set({
      state,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      sentAt: now,
      nextAttemptAt: null,
      lastError: '',
    })
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
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), sql`${outbox.kind} <> ''`))
    .orderBy(asc(outbox.id));
}

export async function optedOutKinds(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, userId));
  return rows.map((r) => r.kind);
}

/** Replaces the member's opt-outs with `kinds`. */
export async function setOptedOutKinds(db: DbOrTx, userId: number, kinds: readonly string[]): Promise<void> {
  await db.delete(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  // A concurrent save of the same switches inserts the same rows: the first one stands.
  if (kinds.length > 0)
    await db
      .insert(mailOptOuts)
      .values(kinds.map((kind) => ({ userId, kind })))
      .onConflictDoNothing();
}


/**
 * Mails to operators (no member row): one per address, in Japanese (the console's language),
 * keyed `eventKey:address` so a repeated event adds nothing. Answers how many were added.
 */
export async function insertOperatorMails(
  tx: DbOrTx,
  mail: { kind: string; eventKey: string; data: Record<string, unknown>; recipients: readonly string[] },
  now: Date,
): Promise<number> {
  if (mail.recipients.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${outbox} (channel, recipient, body, user_id, kind, event_key, lang, data, state, next_attempt_at)
        select 'mail', r.address, '', null, ${mail.kind}, ${mail.eventKey} || ':' || r.address, 'ja',
               ${JSON.stringify(mail.data)}::jsonb, 'pending', ${now.toISOString()}::timestamptz
          from jsonb_array_elements_text(${JSON.stringify(mail.recipients)}::jsonb) as r(address)
        on conflict (kind, event_key) do nothing
        returning id`,
  );
  return rows.length;
}
