import * as api from '@oripa/contract/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiCall } from '@/lib/api-client.ts';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { withLoading } from '@/lib/loading.ts';
import { useCouponText } from '@/components/coupon-texts.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * My page's coupon field (decision 059): the member types a code and receives its free points;
 * the server's refusal (unknown, used, ended, run out, conditions) shows under the field in the
 * member's language, and the balance and histories are read again after a credit.
 */
export function CouponRedeem() {
  const { t } = useTranslation();
  const ct = useCouponText();
  const queryClient = useQueryClient();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const redeem = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const result = await withLoading(() => apiCall(api.redeemCoupon, { payload: { code } }));
    if (result.state === 200 && result.point !== undefined) {
      setError(null);
      setCode('');
      setDone(ct('done', { point: formatPoints(result.point), date: result.expires ? formatShopDateTime(result.expires, currentLang()) : '' }));
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      return;
    }
    const errors = result.errors ?? {};
    setError(errors.code?.[0] ?? Object.values(errors)[0]?.[0] ?? t('accounts.common.networkError'));
  };

  return (
    <section className="surface-card rank-card coupon-redeem" aria-labelledby={`${id}-title`} data-testid="coupon-redeem">
      <h2 id={`${id}-title`} className="age-limits__title">
        {ct('title')}
      </h2>
      <p>{ct('lead')}</p>
      <form onSubmit={(e) => void redeem(e)} className="coupon-redeem__form">
        <label htmlFor={`${id}-code`}>{ct('label')}</label>
        <div className="coupon-redeem__row">
          <input
            id={`${id}-code`}
            className="input-box"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={ct('placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn--gold" disabled={code.trim() === ''}>
            {ct('submit')}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert" data-testid="coupon-error">
            {error}
          </p>
        )}
        {done && (
          <p role="status" data-testid="coupon-done">
            {done}
          </p>
        )}
      </form>
      <p className="coupon-redeem__note">{ct('note')}</p>
      <p className="coupon-redeem__note">{ct('myPageDiscountNote')}</p>
    </section>
  );
}
