import type { Db } from '../../db/client.ts';
import { maskSecrets } from './outbox-secrets.ts';
import { deleteOutboxBefore, latestOutbox } from './outbox.repo.ts';

/** Outbox rows are kept this long, then the sweeper drops them. */
export const OUTBOX_RETENTION_DAYS = 30;

export interface OutboxEntry {
  id: number;
  channel: string;
  to: string;
  subject: string;
  body: string;
  userId: number | null;
  createdAt: string;
  kind: string;
  state: 'kept' | 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string;
}

const OUTBOX_STATES = ['kept', 'pending', 'sent', 'failed'] as const;
const stateOf = (state: string): OutboxEntry['state'] => OUTBOX_STATES.find((s) => s === state) ?? 'kept';

/**
 * The latest mails and SMS of the outbox, newest first (optionally to one address or number),
 * reset links and SMS codes masked (outbox-secrets.ts). `revealSecrets` is for a development or
 * test shop's command line only (the browser tests read the codes they were sent); the caller
 * refuses it in production.
 */
export async function listOutbox(db: Db, options: { to?: string; limit: number; revealSecrets?: boolean }): Promise<OutboxEntry[]> {
  const rows = await latestOutbox(db, options.to, options.limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: options.revealSecrets ? r.body : maskSecrets(r.channel, r.body),
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    kind: r.kind,
    state: stateOf(r.state),
    attempts: r.attempts,
    lastError: r.lastError,
  }));
}

/** Sweeper job: drops outbox rows older than the retention. */
export function deleteOldOutbox(db: Db, now: Date): Promise<number> {
  return deleteOutboxBefore(db, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000));
}
