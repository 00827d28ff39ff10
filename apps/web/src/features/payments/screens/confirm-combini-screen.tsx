import { useSearchParams } from 'react-router';
import { ExternalIcon } from '@/components/icons.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { shopTimeText } from '@/lib/dates.ts';
import { formatYen } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCombiniSlip } from '../api/payment-queries.ts';
import { InfoScreenFrame } from '../components/info-screen-frame.tsx';
import { InfoSheet, StateNotice } from '../components/info-sheet.tsx';
import '../payments.css';

/**
 * /confirm-combini?payment_id= (spec section 2): the convenience-store slip of the order — the
 * payment-number page of the payment company (GET /user/point/combini_number), the number, the
 * amount and the deadline. When the company cannot be reached it says so (spec section 8).
 */
export function ConfirmCombiniScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const slip = useCombiniSlip(params.get('payment_id') || undefined);

  let content;
  if (slip.isError) {
    content = <QueryFailure message={t('payments.combiniInfo.fetchFailed')} onRetry={() => void slip.refetch()} />;
  } else if (!slip.data) {
    content = <PageSpinner />;
  } else {
    const data = slip.data;
    const open = data.payment_state === 'pending';
    content = (
      <section className="pay-info" data-testid="combini-info">
        <StateNotice
          state={data.payment_state}
          paid={t('payments.combiniInfo.paid')}
          expired={t('payments.combiniInfo.expired')}
          closed={t('payments.combiniInfo.closed')}
        />
        <InfoSheet
          label={t('payments.combiniInfo.sheet')}
          rows={[
            { label: t('payments.combiniInfo.chain'), value: data.combini_name, testId: 'combini-chain' },
            { label: t('payments.combiniInfo.receipt'), value: data.receipt_number, testId: 'combini-receipt', code: true },
            { label: t('payments.info.amount'), value: formatYen(Number(data.price)), testId: 'combini-amount', strong: true },
            { label: t('payments.combiniInfo.due'), value: shopTimeText(data.due, currentLang()), testId: 'combini-due' },
          ]}
        />
        {open && (
          <>
            <ol className="pay-steps">
              <li>{t('payments.combiniInfo.step1')}</li>
              <li>{t('payments.combiniInfo.step2')}</li>
              <li>{t('payments.combiniInfo.step3')}</li>
            </ol>
            <a
              href={data.url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn--gold pay-info__slip"
              data-testid="combini-slip-link"
            >
              {t('payments.combiniInfo.openSlip')}
              <ExternalIcon className="external-icon" />
              <span className="visually-hidden">{t('common.opensNewTab')}</span>
            </a>
          </>
        )}
      </section>
    );
  }

  return (
    <InfoScreenFrame title={t('payments.combiniInfo.title')} lead={t('payments.combiniInfo.lead')}>
      {content}
    </InfoScreenFrame>
  );
}
