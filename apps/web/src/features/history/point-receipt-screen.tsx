import { paymentMethodText } from '@oripa/contract/invoice';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatNumber, formatYen } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePointReceipt, type PointReceipt } from './api/ledger-queries.ts';
import './receipt.css';
import './receipt-texts.ts';

/** The receipt page of a payment, as the point history links it. */
export function receiptPath(paymentId: number): string {
  return `/point-receipt?paymentId=${paymentId}`;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="receipt-sheet__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * The simplified qualified invoice (decision 044): who issues it and their registration number,
 * the date, what was bought, the total of the 10% rate and the tax at that rate.
 */
function ReceiptSheet({ receipt }: { receipt: PointReceipt }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const english = lang === 'en';
  const rate = { rate: receipt.tax_rate };
  const method = paymentMethodText(receipt.pay_id, receipt.option)?.[lang] ?? '';
  return (
    <article className="receipt-sheet" data-testid="receipt-sheet">
      <header className="receipt-sheet__head">
        <h2 className="receipt-sheet__title">{t('receipts.heading')}</h2>
        <dl className="receipt-sheet__meta">
          <Row label={t('receipts.number')} value={String(receipt.payment_id)} testId="receipt-number" />
          <Row label={t('receipts.issued')} value={formatShopDateTime(receipt.paid_at, lang)} testId="receipt-date" />
        </dl>
      </header>
      <p className="receipt-sheet__total">
        <span>{t('receipts.total')}</span>
        <strong data-testid="receipt-total">{formatYen(receipt.amount)}</strong>
      </p>
      <p className="receipt-sheet__for">{t('receipts.forWhat')}</p>
      <dl className="receipt-sheet__lines">
        <Row label={t('receipts.item')} value={t('receipts.itemPoints', { points: formatNumber(receipt.points) })} testId="receipt-item" />
        <Row label={t('receipts.quantity')} value="1" />
        {receipt.discount_yen > 0 && (
          <>
            <Row label={t('receipts.listPrice')} value={formatYen(receipt.amount + receipt.discount_yen)} testId="receipt-list-price" />
            <Row label={t('receipts.discount', { code: receipt.coupon_code })} value={`−${formatYen(receipt.discount_yen)}`} testId="receipt-discount" />
          </>
        )}
        <Row label={t('receipts.amount')} value={formatYen(receipt.amount)} />
        <Row label={t('receipts.rateTotal', rate)} value={formatYen(receipt.amount)} testId="receipt-rate-total" />
        <Row label={t('receipts.rateTax', rate)} value={formatYen(receipt.tax)} testId="receipt-tax" />
        <Row label={t('receipts.method')} value={method} testId="receipt-method" />
      </dl>
      <p className="receipt-sheet__note">{t('receipts.taxNote')}</p>
      <footer className="receipt-sheet__seller">
        <dl>
          <Row label={t('receipts.seller')} value={english ? receipt.seller.name_en : receipt.seller.name} testId="receipt-seller" />
          <Row label="" value={english ? receipt.seller.address_en : receipt.seller.address} />
          <Row label={t('receipts.tel')} value={receipt.seller.tel} />
          <Row
            label={t('receipts.registration')}
            value={receipt.registration_number || t('receipts.registrationPending')}
            testId="receipt-registration"
          />
        </dl>
      </footer>
    </article>
  );
}

/** /point-receipt?paymentId= : the receipt of one paid point purchase, printable on A4. */
export function PointReceiptScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('paymentId') ?? '';
  const paymentId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const receipt = usePointReceipt(paymentId);

  let content;
  if (paymentId === undefined || (receipt.isError && isNotFound(receipt.error))) {
    content = <p className="empty-note" data-testid="receipt-not-found">{t('receipts.notFound')}</p>;
  } else if (receipt.isError) {
    content = <QueryFailure onRetry={() => void receipt.refetch()} />;
  } else if (!receipt.data) {
    content = <PageSpinner />;
  } else {
    content = <ReceiptSheet receipt={receipt.data} />;
  }

  return (
    <PageFrame title={t('receipts.title')} lead={t('receipts.lead')}>
      {content}
      <div className="button-row receipt-actions">
        {receipt.data && (
          <button type="button" className="btn btn--dark" onClick={() => window.print()}>
            {t('receipts.print')}
          </button>
        )}
        <Link to="/buy-point-history" className="btn btn--outline">
          {t('receipts.back')}
        </Link>
      </div>
    </PageFrame>
  );
}
