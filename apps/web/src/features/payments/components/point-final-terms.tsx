import { PAY_ID } from '@oripa/contract/constants';
import type { PayMethod } from '@oripa/contract/payments';
import { FinalTerms } from '@/components/final-terms.tsx';
import { formatPoints, formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import type { PayStyle } from '../api/payment-calls.ts';

type Timing = 'card' | 'combini' | 'bank' | 'remittance' | 'redirect';

/** When the selected method charges: at once (card), when the member pays later, or on approval. */
function timingOf(payId: number): Timing {
  if (payId === PAY_ID.card) return 'card';
  if (payId === PAY_ID.combini) return 'combini';
  if (payId === PAY_ID.bank) return 'bank';
  if (payId === PAY_ID.remittance) return 'remittance';
  return 'redirect';
}

/** Points arrive at once after an immediate payment, or when a pay-later payment is confirmed. */
const ARRIVAL = { card: 'now', redirect: 'now', combini: 'combini', bank: 'bank', remittance: 'remittance' } as const;

interface PointFinalTermsProps {
  course: PayStyle;
  /** The selected method; undefined while none is offered. */
  method: PayMethod | undefined;
}

/** The final confirmation of /confirm-buy-point, beside its pay button (特定商取引法 12-6). */
export function PointFinalTerms({ course, method }: PointFinalTermsProps) {
  const { t } = useTranslation();
  if (!method) return null;
  const timing = timingOf(Number(method.id));
  return (
    <FinalTerms
      testId="point-final-terms"
      rows={[
        { label: t('finalTerms.quantity'), value: formatPoints(Number(course.point)), testId: 'terms-quantity' },
        {
          label: t('finalTerms.price'),
          value: t('finalTerms.priceValue', { price: formatYen(Number(course.price)), tax: formatYen(Number(course.tax)) }),
          testId: 'terms-price',
        },
        { label: t('finalTerms.method'), value: method.name, testId: 'terms-method' },
        { label: t('finalTerms.charged'), value: t(`finalTerms.point.charged.${timing}`), testId: 'terms-charged' },
        { label: t('finalTerms.arrival'), value: t(`finalTerms.point.arrival.${ARRIVAL[timing]}`), testId: 'terms-arrival' },
      ]}
      notes={[
        { text: t('finalTerms.shipping'), testId: 'terms-shipping' },
        { text: t('finalTerms.noCancel'), testId: 'terms-no-cancel' },
        { text: t('finalTerms.expiry'), testId: 'terms-expiry' },
      ]}
    />
  );
}
