import type { ApiEntry, ApiResponse, FormPayload } from '@/lib/api-route.ts';
import * as api from '@oripa/contract/api-paths';
import { OPERATOR_ROLES, type OperatorRole, type OperatorRow } from '@oripa/contract/admin';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { adminSend, allErrors, type AdminResult } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe, useOperators } from '../api/admin-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { RolesMatrix } from './roles-matrix.tsx';

type Issued = { mail: string; password: string; kind: 'created' | 'resetDone' };

const column = createColumnHelper<OperatorRow>();

/** Owners manage operators (add with a one-time password shown once, change role, disable, reissue) and what each role may do. */
export function OperatorsScreen() {
  const t = useAdminT();
  const operators = useOperators();
  const me = useMe();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<Issued>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  /** Every change goes through here: one at a time, the list refreshed after. */
  const change: Change = useCallback(async (route, payload) => {
    setBusy(true);
    const result = await adminSend(route, payload);
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'operators'] });
    if (result.state !== STATE.ok) {
      setErrors(result.errors);
      return undefined;
    }
    setErrors({});
    return result;
  }, [queryClient]);

  const myId = me.data?.operator.id;
  const columns = useMemo(() => operatorColumns(t, myId, busy, change, setIssued), [t, myId, busy, change]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const result = await change(api.adminOperatorsCreate, { mail: f.get('mail'), name: f.get('name'), role: f.get('role') });
    if (result?.one_time_password && result.operator) {
      setIssued({ mail: result.operator.mail, password: result.one_time_password, kind: 'created' });
      form.reset();
    }
  };

  return (
    <section>
      <h1>{t('operators.heading')}</h1>
      {issued && (
        <div className="admin-notice admin-notice--ok" role="status" data-testid="one-time-password">
          <p>{t(`operators.${issued.kind}`, { mail: issued.mail })}</p>
          <p>
            {t('operators.oneTimePassword')}: <code>{issued.password}</code>
          </p>
        </div>
      )}
      {errors.operator_id && (
        <p className="admin-notice admin-notice--error" role="alert">
          {allErrors({ operator_id: errors.operator_id }).join(' ')}
        </p>
      )}
      <QueryView query={operators}>{(rows) => <OperatorTable rows={rows} columns={columns} />}</QueryView>

      <form className="admin-form admin-form--inline" onSubmit={(e) => void create(e)}>
        <h2>{t('operators.createHeading')}</h2>
        <Field label={t('operators.mail')} name="mail" type="email" errors={errors.mail} />
        <Field label={t('operators.name')} name="name" errors={errors.name} />
        <div className="admin-field">
          <label htmlFor="new-operator-role">{t('operators.role')}</label>
          <select id="new-operator-role" name="role" defaultValue="staff">
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          {t('operators.create')}
        </button>
      </form>
      <RolesMatrix />
    </section>
  );
}

function OperatorTable({ rows, columns }: { rows: OperatorRow[]; columns: ReturnType<typeof operatorColumns> }) {
  const table = useClientTable(rows, columns);
  return <DataTable table={table} empty="—" testId="operators-table" />;
}

type OperatorCall = 'adminOperatorsCreate' | 'adminOperatorsUpdate' | 'adminOperatorsReset';
type Change = <N extends OperatorCall>(route: ApiEntry<N>, payload: FormPayload<N>) => Promise<AdminResult<ApiResponse<N>> | undefined>;

function operatorColumns(t: AdminT, myId: number | undefined, busy: boolean, change: Change, setIssued: (i: Issued) => void) {
  return [
    column.accessor('id', { header: 'ID' }),
    column.accessor('mail', {
      header: () => t('operators.mail'),
      cell: (c) => (c.row.original.id === myId ? `${c.getValue()} ${t('operators.you')}` : c.getValue()),
    }),
    column.accessor('name', { header: () => t('operators.name') }),
    column.accessor('role', {
      header: () => t('operators.role'),
      cell: (c) => {
        const op = c.row.original;
        if (op.id === myId) return t(`roles.${op.role}`);
        return (
          <select
            aria-label={t('operators.changeRole', { mail: op.mail })}
            value={op.role}
            disabled={busy}
            onChange={(e) => void change(api.adminOperatorsUpdate, { operator_id: op.id, role: e.target.value as OperatorRole })}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        );
      },
    }),
    column.accessor('disabled', {
      header: () => t('operators.status'),
      cell: (c) => (c.getValue() ? <span className="admin-badge admin-badge--off">{t('operators.disabled')}</span> : <span className="admin-badge">{t('operators.active')}</span>),
    }),
    column.accessor('totp', { header: () => t('operators.totp'), cell: (c) => (c.getValue() ? t('yes') : t('no')) }),
    column.accessor('last_login_at', { header: () => t('operators.lastLogin'), cell: (c) => formatJstTime(c.getValue()) }),
    column.display({
      id: 'actions',
      header: () => t('operators.actions'),
      cell: (c) => {
        const op = c.row.original;
        if (op.id === myId) return null;
        return (
          <span className="admin-actions">
            <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => void change(api.adminOperatorsUpdate, { operator_id: op.id, disabled: !op.disabled })}>
              {op.disabled ? t('operators.enable') : t('operators.disable')}
            </button>
            <button
              type="button"
              className="admin-button admin-button--small admin-button--quiet"
              disabled={busy}
              onClick={() =>
                void change(api.adminOperatorsReset, { operator_id: op.id }).then((r) => {
                  if (r?.one_time_password) setIssued({ mail: op.mail, password: r.one_time_password, kind: 'resetDone' });
                })
              }
            >
              {t('operators.reset')}
            </button>
          </span>
        );
      },
    }),
  ];
}
