import { randomInt } from 'node:crypto';
import type { OperatorRole, OperatorRow } from '@oripa/contract/admin';
import type { Db } from '../../db/client.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import { AppError } from '../../kernel/errors.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import {
  countOtherActiveOwners,
  deleteSessionsOf,
  insertOperator,
  listOperators,
  lockOwnersAnd,
  updateOperator,
  type OperatorRecord,
} from './operators.repo.ts';

/** Letters and digits that cannot be mistaken for each other when read aloud or copied. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password: 20 characters (about 115 bits), to be replaced at first login. */
export function oneTimePassword(): string {
  return Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

function rowOf(op: OperatorRecord): OperatorRow {
  return {
    id: op.id,
    mail: op.mail,
    name: op.name,
    role: op.role as OperatorRole,
    disabled: op.disabledAt !== null,
    totp: op.totpSecret !== null,
    must_change_password: op.mustChangePassword,
    created_at: op.createdAt.toISOString(),
    last_login_at: op.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
function auditView(op: OperatorRecord) {
  return { mail: op.mail, name: op.name, role: op.role, disabled: op.disabledAt !== null, totp: op.totpSecret !== null };
}

export async function operatorList(db: Db): Promise<OperatorRow[]> {
  return (await listOperators(db)).map(rowOf);
}

/**
 * Creates an operator with a one-time password (returned once, stored only as a hash). The
 * first login must replace it and enrol TOTP. Also the command line's admin:create.
 */
export async function createOperator(
  db: Db,
  input: { mail: string; name: string; role: OperatorRole },
  actor: Actor,
): Promise<{ operator: OperatorRow; password: string }> {
  const password = oneTimePassword();
  const passHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const created = await insertOperator(tx, { ...input, passHash });
    if (!created) throw AppError.field('mail', 'admin.mail_taken');
    await recordAudit(tx, actor, { action: 'operator.create', target: `operator:${created.id}`, after: auditView(created) });
    return { operator: rowOf(created), password };
  });
}

/** The rows a change to `operatorId` locks besides the owners: its target and the caller. */
const lockedWith = (operatorId: number, actor: Actor) => (actor.operatorId === null ? [operatorId] : [operatorId, actor.operatorId]);

/**
 * Changes an operator's role or disables / enables them. Nobody changes themselves, and the
 * last active owner stays an active owner (owners are locked while this decides). Disabling
 * ends the operator's sessions at once.
 */
export async function updateOperatorAccess(
  db: Db,
  input: { operatorId: number; role?: OperatorRole | undefined; disabled?: boolean | undefined },
  actor: Actor,
): Promise<OperatorRow> {
  if (input.operatorId === actor.operatorId) throw AppError.field('operator_id', 'admin.self_change');
  // A deadlock victim is tried again whole (decision 033); the owners, the target and the caller
  // are locked in one statement, in id order.
  return withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const locked = await lockOwnersAnd(tx, lockedWith(input.operatorId, actor));
      const owners = locked.filter((row) => row.role === 'owner' && row.disabledAt === null).map((row) => row.id);
      // The caller was an owner when the call began; one demoted meanwhile changes nothing.
      if (actor.operatorId !== null && !owners.includes(actor.operatorId)) throw AppError.field('operator', 'admin.forbidden');
      const before = locked.find((row) => row.id === input.operatorId);
      if (!before) throw AppError.field('operator_id', 'common.not_found');
      const role = input.role ?? (before.role as OperatorRole);
      const disabled = input.disabled ?? before.disabledAt !== null;
      const losesOwner = before.role === 'owner' && before.disabledAt === null && (role !== 'owner' || disabled);
      if (losesOwner && (await countOtherActiveOwners(tx, before.id)) === 0) throw AppError.field('operator_id', 'admin.last_owner');
      const after = await updateOperator(tx, before.id, {
        role,
        disabledAt: disabled ? (before.disabledAt ?? new Date()) : null,
      });
      if (!after) throw AppError.field('operator_id', 'common.not_found');
      if (disabled) await deleteSessionsOf(tx, before.id);
      await recordAudit(tx, actor, { action: 'operator.update', target: `operator:${before.id}`, before: auditView(before), after: auditView(after) });
      return rowOf(after);
    }),
  );
}

/**
 * A forgotten password or a lost phone: a new one-time password, TOTP to be enrolled again,
 * every session of the operator ended.
 */
export async function resetOperator(db: Db, operatorId: number, actor: Actor): Promise<{ operator: OperatorRow; password: string }> {
  if (operatorId === actor.operatorId) throw AppError.field('operator_id', 'admin.self_change');
  const password = oneTimePassword();
  const passHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const before = (await lockOwnersAnd(tx, lockedWith(operatorId, actor))).find((row) => row.id === operatorId);
    if (!before) throw AppError.field('operator_id', 'common.not_found');
    const after = await updateOperator(tx, operatorId, { passHash, mustChangePassword: true, totpSecret: null, totpLastStep: null });
    if (!after) throw AppError.field('operator_id', 'common.not_found');
    await deleteSessionsOf(tx, operatorId);
    await recordAudit(tx, actor, { action: 'operator.reset', target: `operator:${operatorId}`, before: auditView(before), after: auditView(after) });
    return { operator: rowOf(after), password };
  });
}
