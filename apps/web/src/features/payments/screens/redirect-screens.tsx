import { POINT_BUY_RESULT } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { appendPayment, completeCheckoutSession } from '../api/payment-calls.ts';

/** The (empty) page shown while the browser is passed on. */
function Passing() {
  const { t } = useTranslation();
  return (
    <div className="container page pay-passing" data-testid="pay-passing">
      <div className="page-spinner" role="status">
        <span className="spinner spinner--large" aria-hidden="true" />
        <span className="visually-hidden">{t('payments.redirect.processing')}</span>
      </div>
    </div>
  );
}

/** Runs `task` once per mount, also under React's development double effects. */
function useOnce(task: () => Promise<void>) {
  const started = useRef(false);
  const latest = useRef(task);
  useEffect(() => {
    latest.current = task;
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void latest.current();
  }, []);
}

/**
 * /pay-redirect?payment_id=&pay_id= (spec section 2): where a wallet sends the member back.
 * An empty page that posts payment_id as the token of POST /user/point/append, then moves to
 * /complete-buy-point with the same query (whatever the answer: that screen shows it).
 */
export function PayRedirectScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();

  useOnce(async () => {
    const paymentId = params.get('payment_id');
    if (paymentId) {
      const result = await appendPayment(paymentId);
      if (result.state === STATE.ok && result.result === POINT_BUY_RESULT.ok) {
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
    }
    const search = params.toString();
    navigate(`/complete-buy-point${search ? `?${search}` : ''}`, { replace: true });
  });

  return <Passing />;
}

/**
 * /amazon-pay-redirect?amazonCheckoutSessionId= (spec section 2): completes the checkout-session
 * wallet's order (GET /user/complete_checkout_session, the answer is not used) and moves to
 * /complete-buy-point-amazom-pay, which reads the result.
 */
export function AmazonPayRedirectScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useOnce(async () => {
    await completeCheckoutSession(params.get('amazonCheckoutSessionId') || undefined);
    navigate('/complete-buy-point-amazom-pay', { replace: true });
  });

  return <Passing />;
}
