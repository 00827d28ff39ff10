import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useBankInfo } from '../api/payment-queries.ts';
import { InfoScreenFrame } from '../components/info-screen-frame.tsx';
import { InfoSheet, StateNotice } from '../components/info-sheet.tsx';
import { LeaveBlock } from '../components/leave-block.tsx';
import '../payments.css';

/**
 * /bank-transfer-information?payment_id= (spec section 2): the amount, the bank, the account
 * number and name to transfer to (GET /user/bank), and the business-hours note. Leaving it
 * toward /confirm-buy-point is blocked: the order exists, a second one is not wanted.
 */
export function BankTransferInformationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bank = useBankInfo(params.get('payment_id') || undefined);

  let content;
  if (bank.isError) {
    content = isNotFound(bank.error) ? (
      <p className="empty-note" data-testid="bank-not-found">
        {t('payments.bankInfo.notFound')}
      </p>
    ) : (
      <QueryFailure onRetry={() => void bank.refetch()} />
    );
  } else if (!bank.data) {
    content = <PageSpinner />;
  } else {
    const data = bank.data;
    content = (
      <section className="pay-info" data-testid="bank-info">
        <StateNotice
          state={data.payment_state}
          paid={t('payments.bankInfo.paid')}
          expired={t('payments.bankInfo.expired')}
          closed={t('payments.bankInfo.closed')}
        />
        <InfoSheet
          label={t('payments.bankInfo.sheet')}
          rows={[
            { label: t('payments.info.amount'), value: formatYen(Number(data.price)), testId: 'bank-amount', strong: true },
            { label: t('payments.bankInfo.bank'), value: data.bank, testId: 'bank-bank' },
            { label: t('payments.bankInfo.number'), value: data.number, testId: 'bank-number', code: true },
            { label: t('payments.bankInfo.holder'), value: data.name, testId: 'bank-holder' },
            { label: t('payments.bankInfo.payer'), value: data.payer_name, testId: 'bank-payer' },
            { label: t('payments.bankInfo.due'), value: data.due, testId: 'bank-due' },
          ]}
        />
        <ul className="pay-facts">
          <li data-testid="bank-hours">{t('payments.bankInfo.hoursNote')}</li>
          <li>{t('payments.bankInfo.payerNote')}</li>
          <li>{t('payments.bankInfo.dueNote')}</li>
        </ul>
      </section>
    );
  }

  return (
    <InfoScreenFrame
      title={t('payments.bankInfo.title')}
      lead={t('payments.bankInfo.lead')}
      after={<LeaveBlock blockedPath="/confirm-buy-point" message={t('payments.blocked.bank')} />}
    >
      {content}
    </InfoScreenFrame>
  );
}
