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

const CAPS_KEY = [...ADMIN_KEY, 'minor_caps'];

/** The monthly point-purchase caps of minors (decision 037): every role with member access sees them, owners change them. */
export function MinorCapsScreen() {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const caps = useQuery({
    queryKey: CAPS_KEY,
    queryFn: () => adminGetOk(api.adminMinorCaps).then((r) => r.caps),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const canWrite = me.data?.permissions.includes('minor_caps.write') ?? false;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const result = await adminSend(api.adminMinorCapsSave, {
      under16: String(f.get('under16') ?? '').trim(),
      under18: String(f.get('under18') ?? '').trim(),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    setSaved(result.state === STATE.ok);
    await queryClient.invalidateQueries({ queryKey: CAPS_KEY });
  };

  return (
    <section>
      <h1>{t('safety.capsHeading')}</h1>
      <p className="admin-muted">{t('safety.capsLead')}</p>
      <QueryView query={caps}>
        {(c) => (
          <form
            className="admin-form admin-form--inline"
            onSubmit={(e) => void submit(e)}
            data-testid="minor-caps-form"
          >
            <Field
              label={t('safety.under16')}
              name="under16"
              inputMode="numeric"
              defaultValue={String(c.under16)}
              errors={errors.under16}
              disabled={!canWrite}
            />
            <Field
              label={t('safety.under18')}
              name="under18"
              inputMode="numeric"
              defaultValue={String(c.under18)}
              errors={errors.under18}
              disabled={!canWrite}
            />
            {canWrite ? (
              <button type="submit" className="admin-button">
                {t('save')}
              </button>
            ) : (
              <p className="admin-muted admin-wide">{t('safety.readOnly')}</p>
            )}
            {saved && (
              <p className="admin-notice admin-wide" role="status">
                {t('safety.saved')}
              </p>
            )}
          </form>
        )}
      </QueryView>
    </section>
  );
}
