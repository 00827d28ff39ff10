import * as api from '@oripa/contract/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiCall, isOk } from '@/lib/api-client.ts';
import { CURRENT_USER_KEY, isMember, useCurrentUser } from '@/lib/current-user.ts';
import { formatPoints } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import './login-bonus-notice.css';

/**
 * The login bonus (decision 055): once a member is known, the app claims the day's bonus; the
 * shop credits it on the first visit of the Japan-time day only (other tabs and later visits
 * get credited false and show nothing). When credited, a small notice says so and the header's
 * balance is refreshed.
 */
export function LoginBonusNotice() {
  const { t } = useTranslation();
  const member = isMember(useCurrentUser());
  const queryClient = useQueryClient();
  const [bonus, setBonus] = useState<number | null>(null);

  useEffect(() => {
    if (!member) return;
    let live = true;
    void apiCall(api.loginBonus, { payload: {} }).then((result) => {
      if (!live || !isOk(result) || result.credited !== true || !result.point) return;
      setBonus(result.point);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    });
    return () => {
      live = false;
    };
  }, [member, queryClient]);

  if (bonus === null) return null;
  return (
    <div className="login-bonus" role="status" data-testid="login-bonus">
      <p className="login-bonus__text">{t('shopper.loginBonus.credited', { point: formatPoints(bonus) })}</p>
      <button type="button" className="login-bonus__close" onClick={() => setBonus(null)} aria-label={t('shopper.loginBonus.close')}>
        ×
      </button>
    </div>
  );
}
