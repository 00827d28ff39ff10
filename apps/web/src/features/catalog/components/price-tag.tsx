import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PaymentMethod } from '@oripa/contract/catalog';
import { formatCoins, formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

interface PriceTagProps {
  amount: number;
  paymentMethod: PaymentMethod;
  className?: string;
}

/** A price with its currency badge: a gold P for points ('1'), a purple C for coins ('2'). */
export function PriceTag({ amount, paymentMethod, className }: PriceTagProps) {
  const { t } = useTranslation();
  const coins = paymentMethod === PAYMENT_METHOD.coins;
  return (
    <span className={className ? `price-tag ${className}` : 'price-tag'}>
      <span className={coins ? 'currency-badge currency-badge--coin' : 'currency-badge'} aria-hidden="true">
        {coins ? 'C' : 'P'}
      </span>
      {/* Coins with decimals only when they have them, as everywhere coins show. */}
      <span className="price-tag__amount">{coins ? formatCoins(amount).slice(0, -1) : formatNumber(amount)}</span>
      <span className="visually-hidden">
        {coins ? t('catalog.currency.coin') : t('catalog.currency.point')}
      </span>
    </span>
  );
}
