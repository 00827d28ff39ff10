import { useSearchParams } from 'react-router';
import { ExternalIcon } from '@/components/icons.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePointEnd } from '../api/payment-queries.ts';
import { InfoScreenFrame } from '../components/info-screen-frame.tsx';
import { InfoSheet } from '../components/info-sheet.tsx';
import '../payments.css';

/**
 * The address comes from the page's own address, so only an https page or one of this shop's
 * own origin (the sandbox provider's remittance page) becomes a link; anything else is text.
 */
function linkable(address: string): boolean {
  if (/^https:\/\//i.test(address)) return true;
  try {
    return new URL(address).origin === window.location.origin;
  } catch {
    return false;
  }
}

function RemittanceAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  if (!linkable(address)) return <span className="pay-sheet__address">{address}</span>;
  return (
    <a href={address} target="_blank" rel="noopener noreferrer" className="text-link pay-sheet__address">
      {address}
      <ExternalIcon className="external-icon" />
      <span className="visually-hidden">{t('common.opensNewTab')}</span>
    </a>
  );
}

/**
 * /payge-transfer-information?payment_id=&remittance= (spec section 2): a remittance through a
 * payment service — the amount (the order's, from GET /user/point/end), the remittance address
 * to pay within 3 days, and that points are credited the same day at the earliest.
 */
export function PaygeTransferInformationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id') || undefined;
  const remittance = params.get('remittance') ?? '';
  const order = usePointEnd(paymentId, paymentId !== undefined);

  let content;
  if (paymentId === undefined || remittance === '' || order.isError) {
    content = (
      <p className="empty-note" data-testid="payge-not-found">
        {t('payments.paygeInfo.notFound')}
      </p>
    );
  } else if (!order.data) {
    content = <PageSpinner />;
  } else {
    content = (
      <section className="pay-info" data-testid="payge-info">
        <InfoSheet
          label={t('payments.paygeInfo.sheet')}
          rows={[
            { label: t('payments.info.amount'), value: formatYen(Number(order.data.price)), testId: 'payge-amount', strong: true },
            { label: t('payments.paygeInfo.address'), value: <RemittanceAddress address={remittance} />, testId: 'payge-address' },
          ]}
        />
        <ul className="pay-facts">
          <li>{t('payments.paygeInfo.within3Days')}</li>
          <li>{t('payments.paygeInfo.sameDay')}</li>
        </ul>
      </section>
    );
  }

  return (
    <InfoScreenFrame title={t('payments.paygeInfo.title')} lead={t('payments.paygeInfo.lead')}>
      {content}
    </InfoScreenFrame>
  );
}
