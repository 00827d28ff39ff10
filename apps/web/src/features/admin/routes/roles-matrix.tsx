import * as api from '@oripa/contract/api-paths';
import { EDITABLE_ROLES, OWNER_ONLY_PERMISSIONS, PERMISSION_AREAS, type AdminPermission, type EditableRole, type RoleSettings } from '@oripa/contract/admin';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAdminT, type AdminKey } from '../admin-texts.ts';
import { adminGetOk, adminSend, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, ME_KEY } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { TableScroll } from '../components/table-scroll.tsx';

const ROLES_KEY = [...ADMIN_KEY, 'roles'] as const;

/** 'members.note' → the locale key 'access.permissions.members_note' (i18next reads '.' as nesting). */
const permissionLabel = (p: AdminPermission) => `access.permissions.${p.replace(/\./g, '_')}` as AdminKey;

type Draft = Record<EditableRole, { permissions: Set<AdminPermission>; points: string; coins: string }>;

function draftOf(roles: RoleSettings[]): Draft {
  const draft = {} as Draft;
  for (const r of roles) draft[r.role] = { permissions: new Set(r.permissions), points: String(r.compensation_points), coins: r.compensation_coins };
  return draft;
}

/**
 * The roles and what each may do, as a matrix the owner edits (decision 049): a row per
 * permission grouped by area, a column per role. The owner's column is always all; a change is
 * saved per role and holds from each operator's next request.
 */
export function RolesMatrix() {
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: () => adminGetOk(api.adminRoles) });
  return <QueryView query={roles}>{({ roles: list }) => <RolesForm roles={list} />}</QueryView>;
}

function RolesForm({ roles }: { roles: RoleSettings[] }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(roles));
  const [errors, setErrors] = useState<Partial<Record<EditableRole, FieldErrors>>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const presets = Object.fromEntries(roles.map((r) => [r.role, new Set(r.preset)])) as Record<EditableRole, Set<AdminPermission>>;

  const toggle = (role: EditableRole, p: AdminPermission) => {
    setSaved(false);
    setDraft((d) => {
      const next = new Set(d[role].permissions);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return { ...d, [role]: { ...d[role], permissions: next } };
    });
  };
  const setLimit = (role: EditableRole, field: 'points' | 'coins', value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [role]: { ...d[role], [field]: value } }));
  };
  const toPresets = () => {
    setSaved(false);
    setDraft((d) => {
      const next = { ...d };
      for (const role of EDITABLE_ROLES) next[role] = { ...d[role], permissions: new Set(presets[role]) };
      return next;
    });
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const refused: Partial<Record<EditableRole, FieldErrors>> = {};
    for (const role of EDITABLE_ROLES) {
      const d = draft[role];
      const result = await adminSend(api.adminRolesSave, {
        role,
        permissions: [...d.permissions],
        compensation_points: d.points.trim(),
        compensation_coins: d.coins.trim(),
      });
      if (result.state !== STATE.ok) refused[role] = result.errors;
    }
    setBusy(false);
    setErrors(refused);
    setSaved(Object.keys(refused).length === 0);
    await queryClient.invalidateQueries({ queryKey: ROLES_KEY });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  };

  const roleName = (role: EditableRole | 'owner') => t(`roles.${role}`);
  return (
    <form onSubmit={(e) => void save(e)} data-testid="roles-matrix">
      <h2>{t('access.heading')}</h2>
      <p className="admin-muted">{t('access.lead')}</p>
      {saved && (
        <p className="admin-notice admin-notice--ok" role="status">
          {t('access.saved')}
        </p>
      )}
      {EDITABLE_ROLES.filter((r) => errors[r]?.permissions || errors[r]?.role).map((r) => (
        <p key={r} className="admin-notice admin-notice--error" role="alert">
          {roleName(r)}: {allErrors({ permissions: errors[r]?.permissions ?? [], role: errors[r]?.role ?? [] }).join(' ')}
        </p>
      ))}
      <TableScroll>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('access.permission')}</th>
              <th scope="col">{roleName('owner')}</th>
              {EDITABLE_ROLES.map((r) => (
                <th key={r} scope="col">
                  {roleName(r)}
                </th>
              ))}
            </tr>
          </thead>
          {PERMISSION_AREAS.map(({ area, permissions }) => (
            <tbody key={area}>
              <tr>
                <th scope="colgroup" colSpan={2 + EDITABLE_ROLES.length}>
                  {t(`access.areas.${area}` as AdminKey)}
                </th>
              </tr>
              {permissions.map((p) => (
                <tr key={p}>
                  <th scope="row">{t(permissionLabel(p))}</th>
                  <td>✓</td>
                  {EDITABLE_ROLES.map((role) => {
                    if (OWNER_ONLY_PERMISSIONS.includes(p)) return <td key={role} className="admin-muted">{t('access.ownerOnly')}</td>;
                    const on = draft[role].permissions.has(p);
                    const changed = on !== presets[role].has(p);
                    return (
                      <td key={role}>
                        <input
                          type="checkbox"
                          checked={on}
                          disabled={busy}
                          aria-label={t('access.allow', { role: roleName(role), permission: t(permissionLabel(p)) })}
                          onChange={() => toggle(role, p)}
                        />
                        {changed && (
                          <span className="admin-badge" title={t('access.changed')}>
                            {' '}*
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
      <div className="admin-form admin-form--inline">
        <h3 className="admin-wide">{t('access.limitHeading')}</h3>
        <p className="admin-muted admin-wide">
          {roleName('owner')}: {t('access.unlimited')}
        </p>
        {EDITABLE_ROLES.map((role) => (
          <span key={role} className="admin-actions">
            <Field
              label={t('access.limitPoints', { role: roleName(role) })}
              name={`${role}-points`}
              inputMode="numeric"
              value={draft[role].points}
              onChange={(e) => setLimit(role, 'points', e.target.value)}
              errors={errors[role]?.compensation_points}
            />
            <Field
              label={t('access.limitCoins', { role: roleName(role) })}
              name={`${role}-coins`}
              inputMode="decimal"
              value={draft[role].coins}
              onChange={(e) => setLimit(role, 'coins', e.target.value)}
              errors={errors[role]?.compensation_coins}
            />
          </span>
        ))}
        <button type="submit" className="admin-button" disabled={busy}>
          {t('access.save')}
        </button>
        <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={toPresets}>
          {t('access.preset')}
        </button>
      </div>
    </form>
  );
}
