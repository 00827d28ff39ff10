import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCourseAndMethods } from '../api/payment-queries.ts';
import { AgeGate } from '../components/age-gate.tsx';
import { PackNote } from '../components/pack-return.tsx';
import { buyPointPath, parseId } from '../payment-paths.ts';
import { ConfirmForm } from './confirm-form.tsx';
import '../payments.css';

/**
 * /confirm-buy-point?pointPriceId=&packId= (spec section 2): the course's points and price, the
 * payment method choice (the first by default) with its inputs, and cancel back to the courses
 * keeping packId. The checkout wallet comes back here with amazonCheckoutSessionId. A member
 * without a birth date on record enters it first (decision 037).
 */
export function ConfirmBuyPointScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pointPriceId = parseId(params.get('pointPriceId'));
  const packId = parseId(params.get('packId'));
  const checkoutSessionId = params.get('amazonCheckoutSessionId') || undefined;
  const course = useCourseAndMethods(pointPriceId, packId);

  useEffect(() => {
    if (pointPriceId === undefined) navigate(buyPointPath(packId), { replace: true });
  }, [pointPriceId, packId, navigate]);

  let content;
  if (course.isError && isNotFound(course.error)) {
    content = (
      <div className="notice-panel" data-testid="course-not-found">
        <p>{t('payments.confirm.courseNotFound')}</p>
        <Link to={buyPointPath(packId)} className="btn btn--gold">
          {t('payments.confirm.chooseCourse')}
        </Link>
      </div>
    );
  } else if (course.isError) {
    content = <QueryFailure onRetry={() => void course.refetch()} />;
  } else if (!course.data || pointPriceId === undefined) {
    content = <PageSpinner />;
  } else {
    content = (
      <AgeGate>
        <ConfirmForm
          course={course.data}
          pointPriceId={pointPriceId}
          packId={packId}
          checkoutSessionId={checkoutSessionId}
        />
      </AgeGate>
    );
  }

  return (
    <PageFrame title={t('payments.confirm.title')} lead={t('payments.confirm.lead')} narrow>
      <PackNote packId={packId} mode="before" />
      {content}
    </PageFrame>
  );
}
