import { ADMIN_PERMISSION_NAMES, DEFAULT_COMPENSATION_LIMIT, EDITABLE_ROLES, presetAllows, type AdminPermission, type OperatorRole } from '@oripa/contract/admin';

/**
 * Tests only: GET /admin/me of a signed-in operator of `role` with the role's preset permissions
 * (or `permissions`, as an owner may have set them) and its compensation limit.
 */
export function consoleMe(role: OperatorRole, permissions?: readonly AdminPermission[]) {
  return {
    operator: { id: 1, mail: `${role}@example.com`, name: role, role },
    idle_minutes: 30,
    permissions: permissions ?? ADMIN_PERMISSION_NAMES.filter((p) => presetAllows(role, p)),
    compensation_limit: role === 'owner' ? { points: null, coins: null } : { points: DEFAULT_COMPENSATION_LIMIT.points, coins: `${DEFAULT_COMPENSATION_LIMIT.coins}.00` },
  };
}

/** Tests only: GET /admin/roles with every editable role on its preset and the default limits. */
export function presetRoles() {
  return {
    roles: EDITABLE_ROLES.map((role) => {
      const preset = ADMIN_PERMISSION_NAMES.filter((p) => presetAllows(role, p));
      return { role, permissions: preset, preset, compensation_points: DEFAULT_COMPENSATION_LIMIT.points, compensation_coins: `${DEFAULT_COMPENSATION_LIMIT.coins}.00`, updated_at: null };
    }),
  };
}
