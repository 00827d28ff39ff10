import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A member's session remembers what a check approved until the buy or exchange that follows
 * spends it (one purchase per check, at the price as checked). Each kind of check has its slot
 * in the session's data: the pack purchase's `check` (its hot path writes and spends the slot in
 * its own statements, decision 005) and the exchange's `exchangeCheck`. The sessions table is
 * this module's: other modules keep their checks through these functions.
 */
export type CheckSlot = 'check' | 'exchangeCheck';

/** Writes `check` into the session's slot (replacing an earlier one). */
export async function rememberCheck(db: DbOrTx, sessionKey: string, slot: CheckSlot, check: object): Promise<void> {
  await db.execute(
    sql`update sessions set data = data || jsonb_build_object(${slot}::text, ${JSON.stringify(check)}::jsonb)
        where id = ${sessionKey}`,
  );
}

/**
 * Takes the member's check out of the slot when `approves` (a condition on the check's jsonb)
 * holds, under the session row's lock: two requests cannot spend one check. Answers the check
 * spent, or undefined (none, another member's session, or not approved).
 */
export async function spendCheck<T>(
  tx: DbOrTx,
  sessionKey: string,
  userId: number,
  slot: CheckSlot,
  approves: (check: SQL) => SQL,
): Promise<T | undefined> {
  const rows = await queryRows<{ spent: T }>(
    tx,
    sql`with old as (select id, data->${slot}::text as c from sessions where id = ${sessionKey} for update)
        update sessions s set data = s.data - ${slot}::text from old
        where s.id = old.id and s.user_id = ${userId} and ${approves(sql`old.c`)}
        returning old.c as spent`,
  );
  return rows[0]?.spent;
}

/**
 * Puts back what the session held before a check was written, unless the check was replaced
 * or spent meanwhile (another tab of the member): `previous` names each key to restore, null
 * for a key the session did not have.
 */
export async function restoreBeforeCheck(
  db: DbOrTx,
  sessionKey: string,
  slot: CheckSlot,
  written: object,
  previous: Record<string, unknown>,
): Promise<void> {
  const keys = Object.keys(previous);
  const restored = Object.entries(previous).flatMap(([key, value]) => [sql`${key}::text`, sql`${JSON.stringify(value ?? null)}::jsonb`]);
  await db.execute(
    sql`update sessions
        set data = (data - ${`{${keys.join(',')}}`}::text[]) || jsonb_strip_nulls(jsonb_build_object(${sql.join(restored, sql`, `)}))
        where id = ${sessionKey} and data->${slot}::text = ${JSON.stringify(written)}::jsonb`,
  );
}
