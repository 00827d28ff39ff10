import type { PauseKind } from '@oripa/contract/play-limits';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * A member's time-out or self-exclusion as the purchase statements read it (decision 043). The
 * table is the safety module's (docs/architecture.md, "Table owners"), but the pack purchase's
 * check and batch sit below safety in the layers and must not spend a round trip on it: they
 * splice this read into the statements they already make. `users` is the alias of the member's
 * users row in the caller's statement (fixed text of the caller, never input), which both
 * statements already read (and the batch has locked): the SMS hold is read from that row, not
 * from a second look-up of it (issue 23, point 6: a measured share of the purchase's database
 * CPU). Answers jsonb `{kind, until}` or null.
 */
export function memberPauseSql(users: string): string {
  return `coalesce(${smsHoldSql(users)},
           (select jsonb_build_object('kind', ml.block_kind, 'until', ml.blocked_until)
           from member_limits ml where ml.user_id = ${users}.id and ml.blocked_until is not null))`;
}

/** The kind of the hold on a member who signed up through LINE and has not verified a phone by SMS. */
export const SMS_HOLD = 'sms';
const SMS_HOLD_UNTIL = '9999-12-31T00:00:00Z';

/**
 * A member created through LINE Login (member_identities.signed_up, the accounts module's table,
 * decision 057) buys nothing until the shop's own SMS verification (users.end_sms): a hold with
 * no end, spliced into the same statements as the pause. `users` is the alias of the member's
 * users row in the caller's statement. Answers jsonb `{kind: 'sms', until}` or null.
 */
export function smsHoldSql(users: string): string {
  return `(case when ${users}.end_sms = 0
                 and exists (select 1 from member_identities hi where hi.user_id = ${users}.id and hi.signed_up)
           then jsonb_build_object('kind', '${SMS_HOLD}', 'until', '${SMS_HOLD_UNTIL}'::text) end)`;
}

/** The pause as stored: its kind and end (or the SMS hold of a member who signed up through LINE). */
export interface MemberPause {
  kind: PauseKind | typeof SMS_HOLD;
  until: Date;
}

/** The jsonb of memberPauseSql as a pause (the time comes back as text). */
export function pauseFromJson(json: { kind: PauseKind | typeof SMS_HOLD; until: string } | null | undefined): MemberPause | null {
  return json ? { kind: json.kind, until: new Date(json.until) } : null;
}

/**
 * Whether the SMS hold is on `userId`, for the point purchase (safety), which reads the member's
 * pause from its own row rather than through these statements.
 */
export async function hasSmsHold(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ hold: unknown }>(db, sql`select ${sql.raw(smsHoldSql('u'))} as hold from users u where u.id = ${userId}`);
  return Boolean(row?.hold);
}
