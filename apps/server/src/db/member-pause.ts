import type { PauseKind } from '@oripa/contract/play-limits';

/**
 * A member's time-out or self-exclusion as the purchase statements read it (decision 043). The
 * table is the safety module's (docs/architecture.md, "Table owners"), but the pack purchase's
 * check and batch sit below safety in the layers and must not spend a round trip on it: they
 * splice this read into the statements they already make. `userColumn` names the member's id
 * in the statement (fixed text of the caller, never input). Answers jsonb `{kind, until}` or null.
 */
export function memberPauseSql(userColumn: string): string {
  return `(select jsonb_build_object('kind', ml.block_kind, 'until', ml.blocked_until)
           from member_limits ml where ml.user_id = ${userColumn} and ml.blocked_until is not null)`;
}

/** The pause as stored: its kind and end. */
export interface MemberPause {
  kind: PauseKind;
  until: Date;
}

/** The jsonb of memberPauseSql as a pause (the time comes back as text). */
export function pauseFromJson(json: { kind: PauseKind; until: string } | null | undefined): MemberPause | null {
  return json ? { kind: json.kind, until: new Date(json.until) } : null;
}
