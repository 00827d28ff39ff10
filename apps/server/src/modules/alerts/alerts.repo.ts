import type { AlertKind } from '@oripa/contract/admin-alerts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operators } from '../../db/schema/admin.ts';
import { alertsSent, operatorAlertMails } from '../../db/schema/alerts.ts';

/** The alert kinds `operatorId` gets by mail. */
export async function mailKindsOf(db: DbOrTx, operatorId: number): Promise<string[]> {
  const rows = await db.select({ kind: operatorAlertMails.kind }).from(operatorAlertMails).where(eq(operatorAlertMails.operatorId, operatorId)).orderBy(operatorAlertMails.kind);
  return rows.map((r) => r.kind);
}

/** Sets exactly `kinds` as the alerts `operatorId` gets by mail. */
export async function setMailKinds(tx: DbOrTx, operatorId: number, kinds: readonly AlertKind[]): Promise<void> {
  await tx.delete(operatorAlertMails).where(eq(operatorAlertMails.operatorId, operatorId));
  if (kinds.length > 0) await tx.insert(operatorAlertMails).values(kinds.map((kind) => ({ operatorId, kind })));
}

/** Addresses of the active operators who get `kind` by mail. */
export async function recipientsOf(db: DbOrTx, kind: AlertKind): Promise<string[]> {
  const rows = await db
    .select({ mail: operators.mail })
    .from(operatorAlertMails)
    .innerJoin(operators, eq(operators.id, operatorAlertMails.operatorId))
    .where(and(eq(operatorAlertMails.kind, kind), isNull(operators.disabledAt)))
    .orderBy(operators.id);
  return rows.map((r) => r.mail);
}

/**
 * Claims the alert of a condition and period: true when this call recorded it (and so must send
 * it), false when it was recorded before, by this instance or another.
 */
export async function claimAlert(
  tx: DbOrTx,
  alert: { kind: AlertKind; subject: string; period: string; message: { ja: string; en: string }; webhook: boolean },
  now: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(alertsSent)
    .values({ kind: alert.kind, subject: alert.subject, period: alert.period, message: alert.message, webhookState: alert.webhook ? 'failed' : 'none', sentAt: now })
    .onConflictDoNothing()
    .returning({ id: alertsSent.id });
  return row?.id;
}

/** Records that the webhook took the alert (it is recorded 'failed' until then). */
export async function markWebhookSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(alertsSent).set({ webhookState: 'sent' }).where(eq(alertsSent.id, id));
}

/** The latest alerts sent, newest first. */
export function recentAlerts(db: DbOrTx, limit: number) {
  return db
    .select({ kind: alertsSent.kind, subject: alertsSent.subject, message: alertsSent.message, sentAt: alertsSent.sentAt, webhookState: alertsSent.webhookState })
    .from(alertsSent)
    .orderBy(desc(alertsSent.sentAt), desc(alertsSent.id))
    .limit(limit);
}
