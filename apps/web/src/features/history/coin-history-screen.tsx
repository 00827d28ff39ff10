import { formatCoins } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCoinHistory, type CoinHistoryRow } from './api/ledger-queries.ts';
import { ExchangeShipments } from './exchange-shipments.tsx';
import { LedgerHistory, LedgerRowHead } from './ledger-history.tsx';

/** '+12.5C' / '-1,200C': from the decimal string as sent, never through a float. */
export function signedCoins(value: string): string {
  const text = value.trim();
  return text.startsWith('-') ? formatCoins(text) : `+${formatCoins(text)}`;
}

function CoinRow({ row }: { row: CoinHistoryRow }) {
  const minus = row.bonusCoin.trim().startsWith('-');
  return (
    <>
      <LedgerRowHead row={row} />
      <span className={minus ? 'ledger-row__amount is-minus' : 'ledger-row__amount is-plus is-coin'} data-testid="ledger-coins">
        {signedCoins(row.bonusCoin)}
      </span>
    </>
  );
}

/** /coin-history (spec section 2): the coin ledger — date, memo and the coins gained or spent. */
export function CoinHistoryScreen() {
  const { t } = useTranslation();
  return (
    <LedgerHistory
      title={t('payments.history.coinTitle')}
      lead={t('payments.history.coinLead')}
      empty={t('payments.history.coinEmpty')}
      useHistory={useCoinHistory}
      renderRow={(row) => <CoinRow row={row} />}
      testId="coin-history"
      action={{ to: '/exchange-card', label: t('payments.history.toExchange') }}
      extra={<ExchangeShipments />}
    />
  );
}
