import { and, asc, count, desc, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/admin.ts';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, entry: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

export type AuditSort = 'created_at' | 'actor' | 'action' | 'target' | 'ip';

const SORT_COLUMNS = {
  created_at: auditLog.createdAt,
  actor: auditLog.actor,
  action: auditLog.action,
  target: auditLog.target,
  ip: auditLog.ip,
} as const;

/** `%…%` with the pattern's own wildcards escaped: the operator's text is matched literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? ilike(auditLog.actor, contains(filter.actor)) : undefined,
    filter.action ? ilike(auditLog.action, contains(filter.action)) : undefined,
    filter.target ? ilike(auditLog.target, contains(filter.target)) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.until ? lt(auditLog.createdAt, filter.until) : undefined,
  );
}

/** One page of entries and the count of all that match; ties in the sort go newest first. */
export async function auditPage(
  db: DbOrTx,
  filter: AuditFilter,
  sort: { by: AuditSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
) {
  const column = SORT_COLUMNS[sort.by];
  const rows = await db
    .select()
    .from(auditLog)
    .where(where(filter))
    .orderBy(sort.dir === 'asc' ? asc(column) : desc(column), desc(auditLog.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where(filter));
  return { rows, total: total?.n ?? 0 };
}
