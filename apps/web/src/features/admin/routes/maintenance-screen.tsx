import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, useMaintenance, useMe } from '../api/admin-queries.ts';
import { QueryView } from '../components/query-view.tsx';

/** The maintenance switch: every role sees the state, owners switch it after a confirmation. */
export function MaintenanceScreen() {
  const t = useAdminT();
  const maintenance = useMaintenance();
  const me = useMe();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const canSwitch = me.data?.permissions.includes('maintenance.write') ?? false;

  const flip = async (on: boolean) => {
    setBusy(true);
    const result = await adminSend(api.adminMaintenanceSave, { maintenance: on });
    setBusy(false);
    setConfirming(false);
    setErrors(result.state === STATE.ok ? [] : allErrors(result.errors));
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'maintenance'] });
  };

  return (
    <section>
      <h1>{t('maintenance.heading')}</h1>
      <QueryView query={maintenance}>
        {(on) => (
          <>
            <p className={`admin-status ${on ? 'admin-status--on' : 'admin-status--off'}`} data-testid="maintenance-state">
              {on ? t('maintenance.on') : t('maintenance.off')}
            </p>
            {errors.length > 0 && (
              <p className="admin-notice admin-notice--error" role="alert">
                {errors.join(' ')}
              </p>
            )}
            {!canSwitch ? (
              <p className="admin-muted">{t('maintenance.readOnly')}</p>
            ) : confirming ? (
              <div className="admin-confirm" role="group">
                <p>{on ? t('maintenance.confirmOff') : t('maintenance.confirmOn')}</p>
                <button type="button" className={`admin-button ${on ? '' : 'admin-button--danger'}`} disabled={busy} onClick={() => void flip(!on)}>
                  {t('maintenance.confirm')}
                </button>
                <button type="button" className="admin-button admin-button--quiet" onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </button>
              </div>
            ) : (
              <button type="button" className="admin-button" onClick={() => setConfirming(true)}>
                {on ? t('maintenance.turnOff') : t('maintenance.turnOn')}
              </button>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
