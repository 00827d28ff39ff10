import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { FinalTerms } from '@/components/final-terms.tsx';
import { formatNumber, formatPackPrice } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

interface PurchaseTermsProps {
  pack: Pick<PackDetail, 'payment_method' | 'point'>;
  count: number;
  cost: number;
}

/**
 * The final confirmation inside the pack purchase modal (特定商取引法 12-6): quantity, price,
 * how and when it is paid, the 24-hour choice (or ship-only for coin packs), shipping time, no
 * cancellation, point expiry and the terms.
 */
export function PurchaseTerms({ pack, count, cost }: PurchaseTermsProps) {
  const { t } = useTranslation();
  const coins = pack.payment_method === PAYMENT_METHOD.coins;
  return (
    <FinalTerms
      testId="pack-final-terms"
      rows={[
        { label: t('finalTerms.quantity'), value: t('finalTerms.pack.countValue', { count: formatNumber(count) }), testId: 'terms-quantity' },
        {
          label: t('finalTerms.price'),
          value: t('finalTerms.pack.priceValue', {
            cost: formatPackPrice(cost, pack.payment_method),
            unit: formatPackPrice(packUnitPrice(pack), pack.payment_method),
          }),
          testId: 'terms-price',
        },
        {
          label: t('finalTerms.method'),
          value: coins ? t('finalTerms.pack.methodCoins') : t('finalTerms.pack.methodPoints'),
          testId: 'terms-method',
        },
        { label: t('finalTerms.charged'), value: t('finalTerms.pack.charged'), testId: 'terms-charged' },
      ]}
      notes={[
        { text: coins ? t('finalTerms.pack.coinsShipOnly') : t('finalTerms.pack.decision'), testId: 'terms-decision' },
        { text: t('finalTerms.shipping'), testId: 'terms-shipping' },
        { text: t('finalTerms.noCancel'), testId: 'terms-no-cancel' },
        { text: t('finalTerms.pack.expiry'), testId: 'terms-expiry' },
      ]}
    />
  );
}
