import { OPTIONAL_MAIL_KINDS, isOptionalMailKind, type OptionalMailKind } from '@oripa/contract/mail-kinds';
import type { Db } from '../../db/client.ts';
import { optedOutKinds, setOptedOutKinds } from './mail-outbox.repo.ts';

export interface MailPreference {
  kind: OptionalMailKind;
  on: boolean;
}

/** The member's optional mails, each on unless turned off. */
export async function mailPreferences(db: Db, userId: number): Promise<MailPreference[]> {
  const off = new Set(await optedOutKinds(db, userId));
  return OPTIONAL_MAIL_KINDS.map((kind) => ({ kind, on: !off.has(kind) }));
}

/**
 * Turns off exactly `off` (optional kinds only; others are refused by the contract and ignored
 * here). Takes effect for mails queued from now on; mails already queued still go.
 */
export async function setMailPreferences(
  db: Db,
  userId: number,
  off: readonly string[],
): Promise<MailPreference[]> {
  const kinds = [...new Set(off.filter(isOptionalMailKind))];
  await db.transaction((tx) => setOptedOutKinds(tx, userId, kinds));
  return mailPreferences(db, userId);
}
