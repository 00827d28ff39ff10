import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';

const POINT_SETTINGS_KEY = [...ADMIN_KEY, 'point-settings'];

/** The two whole-number settings: the field's name and its label. */
const NUMBER_FIELDS = [
  ['login_bonus_points', 'points.bonusPoints'],
  ['free_point_days', 'points.freeDays'],
] as const;

/**
 * The login bonus (on/off and its points) and how long free points live (decision 055): every
 * role sees them, owners change them; the server checks the ranges and names the field.
 */
export function PointSettingsScreen() {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: POINT_SETTINGS_KEY, queryFn: () => adminGetOk(api.adminPointSettings).then((r) => r.settings) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const canWrite = me.data?.permissions.includes('points.settings') ?? false;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await adminSend(api.adminPointSettingsSave, {
      login_bonus_enabled: form.get('login_bonus_enabled') === 'on',
      login_bonus_points: String(form.get('login_bonus_points') ?? ''),
      free_point_days: String(form.get('free_point_days') ?? ''),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    setSaved(result.state === STATE.ok);
    await queryClient.invalidateQueries({ queryKey: POINT_SETTINGS_KEY });
  };

  return (
    <section>
      <h1>{t('points.heading')}</h1>
      <p className="admin-muted">{t('points.lead')}</p>
      <QueryView query={current}>
        {(settings) => (
          <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="point-settings-form">
            <label className="admin-choice admin-wide">
              <input type="checkbox" name="login_bonus_enabled" defaultChecked={settings.login_bonus_enabled} disabled={!canWrite} /> {t('points.enabled')}
            </label>
            {NUMBER_FIELDS.map(([name, label]) => (
              <Field
                key={name}
                label={t(label)}
                name={name}
                inputMode="numeric"
                defaultValue={settings[name]}
                errors={errors[name]}
                disabled={!canWrite}
              />
            ))}
            <p className="admin-muted admin-wide">{t('points.rule')}</p>
            {canWrite ? (
              <button type="submit" className="admin-button">
                {t('save')}
              </button>
            ) : (
              <p className="admin-muted admin-wide">{t('points.readOnly')}</p>
            )}
            {saved && (
              <p className="admin-notice admin-wide" role="status">
                {t('points.saved')}
              </p>
            )}
          </form>
        )}
      </QueryView>
    </section>
  );
}
