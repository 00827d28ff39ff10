import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCoinPacks } from '../api/exchange-calls.ts';
import { CoinPackList } from './coin-pack-list.tsx';

/** The coin-gacha tab: the packs paid with coins (no card list, no pager). */
export function CoinGachaTab() {
  const { t } = useTranslation();
  const packs = useCoinPacks();
  let content;
  if (packs.isError) content = <QueryFailure onRetry={() => void packs.refetch()} />;
  else if (!packs.data) content = <PageSpinner />;
  else if (packs.data.length === 0)
    content = (
      <p className="empty-note" data-testid="coin-pack-empty">
        {t('exchange.coinGacha.empty')}
      </p>
    );
  else content = <CoinPackList packs={packs.data} />;
  return (
    <>
      <h2 className="exchange-panel__title">{t('exchange.coinGacha.title')}</h2>
      {content}
    </>
  );
}
