import type { AuditEntry } from '@oripa/contract/admin';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditPage, insertAudit, type AuditSort } from './audit.repo.ts';

/** Who does an operator write: the operator (or the command line) and the address it came from. */
export interface Actor {
  operatorId: number | null;
  /** The operator's mail at the time, or 'cli'. */
  name: string;
  ip: string;
}

/** The command line's actor: it runs on the shop's machine or through its loopback endpoint. */
export const CLI_ACTOR: Actor = { operatorId: null, name: 'cli', ip: 'local' };

/**
 * Appends an audit entry. Call it with the transaction of the write it describes, so the
 * entry exists exactly when the change does.
 */
export function recordAudit(
  tx: DbOrTx,
  actor: Actor,
  entry: { action: string; target: string; before?: unknown; after?: unknown },
): Promise<void> {
  return insertAudit(tx, {
    operatorId: actor.operatorId,
    actor: actor.name,
    ip: actor.ip,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditPageQuery {
  page: number;
  per: number;
  sort: AuditSort;
  dir: 'asc' | 'desc';
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** Japan dates YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const jstMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);

/** A page of the audit log, filtered and sorted on the database (fast at any size). */
export async function browseAudit(db: Db, q: AuditPageQuery): Promise<{ entries: AuditEntry[]; total: number; page: number; per: number }> {
  const { rows, total } = await auditPage(
    db,
    {
      actor: q.actor || undefined,
      action: q.action || undefined,
      target: q.target || undefined,
      from: q.from ? jstMidnight(q.from) : undefined,
      until: q.to ? new Date(jstMidnight(q.to).getTime() + DAY_MS) : undefined,
    },
    { by: q.sort, dir: q.dir },
    { offset: (q.page - 1) * q.per, limit: q.per },
  );
  return {
    entries: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      actor: r.actor,
      operator_id: r.operatorId,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
    total,
    page: q.page,
    per: q.per,
  };
}
