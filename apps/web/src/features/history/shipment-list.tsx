import { CARRIER_NAMES, type MemberShipment } from '@oripa/contract/shipping';
import { currentLang } from '@/lib/i18n.ts';
import { langOf } from '@/lib/text-lang.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * A purchase's (or exchange's) shipments: each one's state and, once shipped, the carrier, the
 * tracking number and a link to the carrier's tracking page (the server makes the address,
 * contract shipping.ts, one place for all carriers).
 */
export function ShipmentList({ shipments }: { shipments: (MemberShipment & { card_name?: string })[] }) {
  const { t } = useTranslation();
  return (
    <ul className="shipment-list" data-testid="shipments">
      {shipments.map((s) => {
        const carrier = s.carrier ? CARRIER_NAMES[s.carrier][currentLang()] : '';
        return (
          <li key={s.id} data-testid="shipment">
            {s.card_name && <span className="shipment-card" lang={langOf(s.card_name)}>{s.card_name}</span>}
            <span className={`shipment-state shipment-state--${s.state}`}>{t(`gacha.historyDetail.shipmentState.${s.state}`)}</span>
            {s.tracking_number && <span className="shipment-number">{t('gacha.historyDetail.trackingNumber', { number: s.tracking_number })}</span>}
            {s.tracking_url && (
              <a className="shipment-track" href={s.tracking_url} target="_blank" rel="noreferrer noopener" data-testid="tracking-link">
                {t('gacha.historyDetail.track', { carrier })}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
