import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { ShipmentList } from './shipment-list.tsx';
import './history.css';

/** The cards taken in the exchange shop and where their parcels are (GET /user/exchange/shipments). */
export function ExchangeShipments() {
  const { t } = useTranslation();
  const shipments = useQuery({
    queryKey: ['history', 'exchange-shipments'],
    queryFn: async () => (await getOk(api.exchangeShipments)).list ?? [],
    staleTime: 0,
  });
  if (!shipments.data || shipments.data.length === 0) return null;
  return (
    <section className="exchange-shipments" data-testid="exchange-shipments">
      <h2 className="history-cards__title">{t('gacha.historyDetail.exchangeShipments')}</h2>
      <ShipmentList shipments={shipments.data} />
    </section>
  );
}
