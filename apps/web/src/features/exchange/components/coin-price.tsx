import { formatCoins } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/** A coin amount with the purple C badge; the amount is the decimal string as sent. */
export function CoinPrice({ amount, className }: { amount: string | number; className?: string }) {
  const { t } = useTranslation();
  const text = formatCoins(amount).replace(/C$/, '');
  return (
    <span className={className ? `price-tag ${className}` : 'price-tag'}>
      <span className="currency-badge currency-badge--coin" aria-hidden="true">
        C
      </span>
      <span className="price-tag__amount">{text}</span>
      <span className="visually-hidden">{t('catalog.currency.coin')}</span>
    </span>
  );
}
