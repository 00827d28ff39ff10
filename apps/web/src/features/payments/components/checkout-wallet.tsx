import { STATE } from '@oripa/contract/states';
import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { ApiFailure } from '@/lib/api-query.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { getCheckoutSession, setCheckoutSession } from '../api/payment-calls.ts';
import { PAYMENTS_KEY } from '../api/payment-queries.ts';
import { firstMessage } from '../purchase-flow.ts';

/**
 * The checkout-session wallet (payment id 3) back from the wallet's sign-in with
 * amazonCheckoutSessionId: the session is remembered (set_checkout_session) and the payment
 * method chosen at the wallet is shown (get_checkout_session) before the order is placed.
 */
export function useCheckoutSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'checkout', sessionId],
    queryFn: async () => {
      const set = await setCheckoutSession(sessionId as string);
      if (set.state !== STATE.ok) throw new ApiFailure(set.state, set.errors);
      const got = await getCheckoutSession();
      if (got.state !== STATE.ok) throw new ApiFailure(got.state, got.errors);
      return { payMethod: got.payMethod ?? '', sessionId: got.checkout_session_id ?? (sessionId as string) };
    },
    enabled: sessionId !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

interface CheckoutWalletProps {
  sessionId: string | undefined;
  session: ReturnType<typeof useCheckoutSession>;
  onRestart: () => void;
}

/** What the wallet panel shows: how to start, the method chosen, or why to start again. */
export function CheckoutWallet({ sessionId, session, onRestart }: CheckoutWalletProps) {
  const { t } = useTranslation();
  if (sessionId === undefined) return <p className="pay-note">{t('payments.checkout.startNote')}</p>;
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    const message =
      session.error instanceof ApiFailure ? firstMessage(session.error.errors) : undefined;
    return (
      <div className="pay-checkout" data-testid="checkout-error">
        <p className="field-error" role="alert">
          {message ?? t('payments.errors.walletError')}
        </p>
        <button type="button" className="btn btn--outline btn--small" onClick={onRestart}>
          {t('payments.checkout.restart')}
        </button>
      </div>
    );
  }
  return (
    <div className="pay-checkout" data-testid="checkout-chosen">
      <p className="pay-checkout__label">{t('payments.checkout.chosen')}</p>
      <p className="pay-checkout__method" data-testid="checkout-method">
        {session.data.payMethod}
      </p>
      <button type="button" className="btn btn--outline btn--small" onClick={onRestart}>
        {t('payments.checkout.change')}
      </button>
    </div>
  );
}
