import { useId, useState, type FormEvent } from 'react';
import { formatYen } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import { useCouponText } from '@/components/coupon-texts.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { checkCoupon, setAppliedCouponCode, useAppliedCouponCode, type CouponCheck } from '../coupon-code.ts';

interface CouponCodeFieldProps {
  /** A course of the list, for the check (its answer prices every course). */
  pointPriceId: number | undefined;
  quote: CouponCheck | undefined;
  onQuote: (quote: CouponCheck | undefined) => void;
}

/**
 * /buy-point's coupon field (decision 061), collapsed until the member opens it: a discount code
 * is checked (POST /user/coupon/check) and, when it applies, kept for the purchase; the course
 * list then shows each course's price after the discount. The server's refusal shows under the
 * field in the member's language.
 */
export function CouponCodeField({ pointPriceId, quote, onQuote }: CouponCodeFieldProps) {
  const { t } = useTranslation();
  const ct = useCouponText();
  const id = useId();
  const applied = useAppliedCouponCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await withLoading(() => checkCoupon(code, pointPriceId));
    if ('quote' in answer) {
      setError(null);
      setCode('');
      setAppliedCouponCode(answer.quote.code);
      onQuote(answer.quote);
      return;
    }
    setError(answer.error || t('accounts.common.networkError'));
  };

  const remove = () => {
    setAppliedCouponCode('');
    onQuote(undefined);
  };

  return (
    <details className="surface-card pay-coupon" open={applied !== '' || undefined} data-testid="buy-coupon">
      <summary className="pay-coupon__summary">{ct('buyTitle')}</summary>
      {applied && quote ? (
        <div className="pay-coupon__applied" role="status" data-testid="buy-coupon-applied">
          <p>{ct('buyApplied', { code: quote.code, name: quote.name })}</p>
          <button type="button" className="btn btn--outline" onClick={remove} data-testid="buy-coupon-remove">
            {ct('buyRemove')}
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void apply(e)} className="pay-coupon__form">
          <p>{ct('buyLead')}</p>
          <label htmlFor={`${id}-code`}>{ct('label')}</label>
          <div className="coupon-redeem__row">
            <input
              id={`${id}-code`}
              className="input-box"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid="buy-coupon-input"
            />
            <button type="submit" className="btn btn--gold" disabled={code.trim() === '' || pointPriceId === undefined} data-testid="buy-coupon-apply">
              {ct('buyApply')}
            </button>
          </div>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert" data-testid="buy-coupon-error">
              {error}
            </p>
          )}
        </form>
      )}
    </details>
  );
}

/** A course's price with the applied discount: "¥1,100 → ¥990" and what is taken off. */
export function DiscountedPrice({ price, pay, discount }: { price: number; pay: number; discount: number }) {
  const ct = useCouponText();
  return (
    <span className="pay-course__discount" data-testid="course-discounted">
      <s>{formatYen(price)}</s> → <strong data-testid="course-pay">{formatYen(pay)}</strong>
      <small>{ct('buyOff', { yen: formatYen(discount) })}</small>
    </span>
  );
}
