import {
  ADMIN_PERMISSION_NAMES,
  DEFAULT_COMPENSATION_LIMIT,
  EDITABLE_ROLES,
  OWNER_ONLY_PERMISSIONS,
  presetAllows,
  type AdminPermission,
  type CompensationLimit,
  type EditableRole,
  type OperatorRole,
  type RoleSettings,
} from '@oripa/contract/admin';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { findRoleRow, lockRoleRow, roleRows, saveRoleRow, type OperatorRoleRecord } from './operator-roles.repo.ts';

/**
 * What a role may do now (decision 049): its preset with the owner's changes. The one place
 * the server decides a role's permissions: the console guard, /admin/me and the compensation
 * limit all read it. It is read from the database on every console request, never cached in
 * the process, so an owner's change holds from the next request on every instance.
 */
export interface RolePowers {
  permissions: ReadonlySet<AdminPermission>;
  compensationLimit: CompensationLimit;
}

const OWNER_POWERS: RolePowers = {
  permissions: new Set(ADMIN_PERMISSION_NAMES),
  compensationLimit: { points: null, coins: null },
};

const presetOf = (role: OperatorRole) => ADMIN_PERMISSION_NAMES.filter((p) => presetAllows(role, p));
const known = (names: readonly string[]) => names.filter((n): n is AdminPermission => (ADMIN_PERMISSION_NAMES as readonly string[]).includes(n));

function permissionsOf(role: OperatorRole, row: OperatorRoleRecord | undefined): AdminPermission[] {
  const revoked = new Set(known(row?.revoked ?? []));
  const granted = new Set(known(row?.granted ?? []));
  return ADMIN_PERMISSION_NAMES.filter(
    (p) => !OWNER_ONLY_PERMISSIONS.includes(p) && ((presetAllows(role, p) && !revoked.has(p)) || granted.has(p)),
  );
}

/** Coins always with two places ('1000.00'), as the column keeps them, saved or not. */
function limitOf(row: OperatorRoleRecord | undefined): { points: number; coins: string } {
  return {
    points: row?.compensationPoints ?? DEFAULT_COMPENSATION_LIMIT.points,
    coins: fromCents(toCents(row?.compensationCoins ?? DEFAULT_COMPENSATION_LIMIT.coins)),
  };
}

export async function rolePowers(db: DbOrTx, role: OperatorRole): Promise<RolePowers> {
  if (role === 'owner') return OWNER_POWERS;
  const row = await findRoleRow(db, role);
  return { permissions: new Set(permissionsOf(role, row)), compensationLimit: limitOf(row) };
}

function settingsOf(role: EditableRole, row: OperatorRoleRecord | undefined): RoleSettings {
  const limit = limitOf(row);
  return {
    role,
    permissions: permissionsOf(role, row),
    preset: presetOf(role),
    compensation_points: limit.points,
    compensation_coins: limit.coins,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** The editable roles with their permissions and limits, for the operators screen. */
export async function rolesForConsole(db: DbOrTx): Promise<RoleSettings[]> {
  const rows = new Map((await roleRows(db)).map((r) => [r.role, r]));
  return EDITABLE_ROLES.map((role) => settingsOf(role, rows.get(role)));
}

export interface RoleChange {
  role: EditableRole;
  permissions: readonly AdminPermission[];
  compensationPoints: number;
  compensationCoins: string;
}

/**
 * Sets a role's permissions and limits, kept as differences from its preset, audited with the
 * settings before and after. Saving what is already so changes and audits nothing.
 */
export async function saveRole(db: Db, change: RoleChange, actor: Actor): Promise<RoleSettings[]> {
  await db.transaction(async (tx) => {
    const row = await lockRoleRow(tx, change.role, {
      compensationPoints: DEFAULT_COMPENSATION_LIMIT.points,
      compensationCoins: DEFAULT_COMPENSATION_LIMIT.coins,
    });
    const before = settingsOf(change.role, row);
    const wanted = new Set(change.permissions);
    const preset = presetOf(change.role);
    const granted = ADMIN_PERMISSION_NAMES.filter((p) => wanted.has(p) && !preset.includes(p) && !OWNER_ONLY_PERMISSIONS.includes(p));
    const revoked = preset.filter((p) => !wanted.has(p));
    const coins = fromCents(toCents(change.compensationCoins));
    await saveRoleRow(tx, change.role, { granted, revoked, compensationPoints: change.compensationPoints, compensationCoins: coins, updatedBy: actor.operatorId });
    const after = settingsOf(change.role, { ...row, granted, revoked, compensationPoints: change.compensationPoints, compensationCoins: coins });
    const same =
      before.permissions.join() === after.permissions.join() &&
      before.compensation_points === after.compensation_points &&
      before.compensation_coins === after.compensation_coins;
    if (same) return;
    await recordAudit(tx, actor, {
      action: 'role.update',
      target: `role:${change.role}`,
      before: { permissions: before.permissions, compensation_points: before.compensation_points, compensation_coins: before.compensation_coins },
      after: { permissions: after.permissions, compensation_points: after.compensation_points, compensation_coins: after.compensation_coins },
    });
  });
  return rolesForConsole(db);
}
