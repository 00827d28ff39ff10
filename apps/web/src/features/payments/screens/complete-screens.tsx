import { PAY_ID, POINT_BUY_RESULT } from '@oripa/contract/constants';
import type { PaymentOutcome } from '@oripa/contract/payments';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { isMember, useCurrentUser } from '@/lib/current-user.ts';
import { formatPoints, formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePointEnd } from '../api/payment-queries.ts';
import { LeaveBlock } from '../components/leave-block.tsx';
import { PackNote } from '../components/pack-return.tsx';
import { buyPointPath } from '../payment-paths.ts';
import { fallbackFailure } from '../purchase-flow.ts';
import '../payments.css';

type Outcome = 'success' | 'failure' | 'waiting';

/** Which completion screen: the card version, a wallet version, or the carrier screens. */
type Variant = 'card' | 'wallet' | 'carrierComplete' | 'carrierError';

function outcomeOf(variant: Variant, data: PaymentOutcome | undefined): Outcome {
  if (variant === 'carrierComplete') return 'success';
  if (variant === 'carrierError') return 'failure';
  if (data?.result === POINT_BUY_RESULT.ok) return 'success';
  if (data?.result === POINT_BUY_RESULT.waiting) return 'waiting';
  return 'failure';
}

/** The error screen's text by method (spec section 8): card, mobile payment, carrier. */
function carrierErrorText(payId: string | null, t: (key: 'payments.errors.carrierFailed') => string): string {
  if (payId === String(PAY_ID.card) || payId === String(PAY_ID.mobile)) return fallbackFailure(Number(payId));
  return t('payments.errors.carrierFailed');
}

/**
 * The result of a point purchase (spec section 2): GET /user/point/end says success (result
 * '1'), still waiting, or failure, with the pack the member came from (pack_id), which is
 * offered to go back to. /complete-carrier and /error-carrier are success and failure by route.
 */
function PaymentResult({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const paymentId = params.get('payment_id') || undefined;
  const carrier = variant === 'carrierComplete' || variant === 'carrierError';
  // The carrier screens are public: only a member can be told about the payment.
  const end = usePointEnd(
    paymentId,
    !carrier || (isMember(user) && paymentId !== undefined),
    carrier ? (params.get('pay_id') ?? undefined) : undefined,
  );
  const data = end.data;
  const loading = end.isPending && end.fetchStatus !== 'idle';
  const outcome = outcomeOf(variant, data);
  const packId = data?.pack_id ?? undefined;

  let title: string;
  let text: string;
  if (carrier) {
    title = outcome === 'success' ? t('payments.result.carrierTitle') : t('payments.result.carrierErrorTitle');
    text = outcome === 'success' ? t('payments.result.successText') : carrierErrorText(params.get('pay_id'), t);
  } else if (outcome === 'success') {
    title = t('payments.result.completeTitle');
    text = t('payments.result.successText');
  } else if (outcome === 'waiting') {
    title = t('payments.result.waitingTitle');
    text = data?.message || t('payments.result.waitingText');
  } else {
    title = t('payments.result.failedTitle');
    text = data?.message || (end.isError ? t('payments.result.notFound') : fallbackFailure(Number(params.get('pay_id'))));
  }

  return (
    <PageFrame title={title} narrow>
      {loading ? (
        <PageSpinner />
      ) : (
        <section className={`pay-result pay-result--${outcome}`} data-testid={`pay-result-${outcome}`}>
          <span className={outcome === 'success' ? 'done-mark pay-result__mark' : 'pay-result__mark'} aria-hidden="true" />
          <p className="pay-result__text" data-testid="pay-result-text">
            {text}
          </p>
          {data && (outcome === 'success' || outcome === 'waiting') && (
            <dl className="pay-result__facts">
              <div>
                <dt>{t('payments.result.points')}</dt>
                <dd data-testid="pay-result-points">{formatPoints(Number(data.point))}</dd>
              </div>
              <div>
                <dt>{t('payments.info.amount')}</dt>
                <dd>{formatYen(Number(data.price))}</dd>
              </div>
            </dl>
          )}
          {outcome === 'success' && <PackNote packId={packId} mode="after" />}
          <div className="pay-result__actions">
            {outcome === 'failure' && (
              <Link to={buyPointPath(packId)} className="btn btn--gold" data-testid="choose-another">
                {t('payments.result.chooseAnother')}
              </Link>
            )}
            {outcome === 'waiting' && (
              <button type="button" className="btn btn--gold" onClick={() => void end.refetch()} data-testid="recheck">
                {t('payments.result.recheck')}
              </button>
            )}
            {isMember(user) && (
              <Link to="/buy-point-history" className="btn btn--outline" data-testid="to-history">
                {t('payments.result.toHistory')}
              </Link>
            )}
            {(outcome !== 'success' || !packId) && (
              <Link to="/" className={outcome === 'success' ? 'btn btn--gold' : 'btn btn--outline'} data-testid="to-top">
                {t('common.backToTop')}
              </Link>
            )}
          </div>
        </section>
      )}
    </PageFrame>
  );
}

/** /complete-buy-point (card version): leaving it toward /pay-redirect is blocked. */
export function CompleteBuyPointScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PaymentResult variant="card" />
      <LeaveBlock blockedPath="/pay-redirect" message={t('payments.blocked.complete')} />
    </>
  );
}

/** /complete-buy-point-amazom-pay: the checkout-session wallet's result. */
export function CompleteBuyPointAmazonPayScreen() {
  return <PaymentResult variant="wallet" />;
}

/** /complete-buy-point-paypal: the wallet version of the result. */
export function CompleteBuyPointPaypalScreen() {
  return <PaymentResult variant="wallet" />;
}

/** /complete-carrier: payment success (carrier, card after 3-D Secure, mobile payment). */
export function CompleteCarrierScreen() {
  return <PaymentResult variant="carrierComplete" />;
}

/** /error-carrier: the same screen in failure mode. */
export function ErrorCarrierScreen() {
  return <PaymentResult variant="carrierError" />;
}
