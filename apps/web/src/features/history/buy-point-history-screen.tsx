import { Link } from 'react-router';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatNumber, formatPoints, formatYen } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePointHistory, type PointHistoryRow } from './api/ledger-queries.ts';
import { LedgerHistory, LedgerRowHead } from './ledger-history.tsx';
import { receiptPath } from './point-receipt-screen.tsx';
import './receipt-texts.ts';

/** '+3,000P' / '-500P': the signed change of a ledger row. */
export function signedPoints(value: number): string {
  return `${value > 0 ? '+' : ''}${formatNumber(value)}P`;
}

/** The ledger reason of a paid point purchase; its history_id is the payment's id. */
const PURCHASE_REASON = 'purchase';

function PointRow({ row }: { row: PointHistoryRow }) {
  const { t } = useTranslation();
  return (
    <>
      <LedgerRowHead row={row} />
      <span
        className={row.bonusPoint < 0 ? 'ledger-row__amount is-minus' : 'ledger-row__amount is-plus'}
        data-testid="ledger-points"
      >
        {signedPoints(row.bonusPoint)}
      </span>
      {row.money > 0 && (
        <span className="ledger-row__money" data-testid="ledger-money">
          {t('payments.history.money', { money: formatYen(row.money) })}
        </span>
      )}
      {/* A coupon's discount on the purchase (decision 061): money is what was paid after it. */}
      {row.discount_yen > 0 && (
        <span className="ledger-row__discount" data-testid="ledger-discount">
          {t('receipts.historyDiscount', { yen: formatYen(row.discount_yen) })}
        </span>
      )}
      {/* A paid purchase names its payment: its receipt (decision 044). */}
      {row.reason === PURCHASE_REASON && row.money > 0 && row.history_id !== null && (
        <Link to={receiptPath(row.history_id)} className="ledger-row__receipt" data-testid="ledger-receipt">
          {t('receipts.link')}
        </Link>
      )}
      {/* Free points apart (decision 055): a free grant, or the free part of a spend or an expiry. */}
      {row.free_point !== 0 && (
        <span className="ledger-row__free" data-testid="ledger-free">
          {t('shopper.history.free', { points: signedPoints(row.free_point) })}
        </span>
      )}
      {/* The running balance, and for points that expire, when (issue 15 item 5). */}
      <span className="ledger-row__balance" data-testid="ledger-balance">
        {t('shopper.history.balance')} {formatPoints(row.balance)}
      </span>
      {row.expires && (
        <span className="ledger-row__expires" data-testid="ledger-expires">
          {t('shopper.history.expires', { date: formatShopDateTime(row.expires, currentLang()) })}
        </span>
      )}
    </>
  );
}

/**
 * /buy-point-history (spec section 2): the point ledger — date, memo, points and money paid, the
 * balance after each row and each grant's expiry, free points apart and the rule they are spent by.
 */
export function BuyPointHistoryScreen() {
  const { t } = useTranslation();
  return (
    <LedgerHistory
      title={t('payments.history.pointTitle')}
      lead={`${t('payments.history.pointLead')} ${t('shopper.history.freeRule')}`}
      empty={t('payments.history.pointEmpty')}
      useHistory={usePointHistory}
      renderRow={(row) => <PointRow row={row} />}
      testId="point-history"
      action={{ to: '/buy-point', label: t('payments.history.buyPoints') }}
    />
  );
}
