import type { Pack } from '@oripa/contract/catalog';
import { PackLink } from '@/components/pack-link.tsx';
import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { CoinPrice } from './coin-price.tsx';
import { langOf } from '@/lib/text-lang.ts';

/**
 * The coin-gacha tab: packs paid with coins, each leading to its pack detail. A sold-out pack
 * is marked and not a link (as on the pack lists); an upcoming one says so.
 */
export function CoinPackList({ packs }: { packs: Pack[] }) {
  const { t } = useTranslation();
  return (
    <ul className="coin-packs" data-testid="coin-pack-list">
      {packs.map((pack) => {
        const soldOut = pack.pack_count <= 0;
        const image = pack.image[0];
        const body = (
          <>
            <div className="coin-pack__media">
              {image ? (
                <img src={image} alt="" loading="lazy" decoding="async" />
              ) : (
                <div className="coin-pack__noimage" />
              )}
              {soldOut && <span className="veil coin-pack__sold-out">{t('exchange.coinGacha.soldOut')}</span>}
            </div>
            <div className="coin-pack__body">
              {pack.is_before && (
                <span className="badge badge--upcoming">{t('exchange.coinGacha.upcoming')}</span>
              )}
              <h3 className="coin-pack__name" lang={langOf(pack.name)}>{pack.name}</h3>
              <p className="coin-pack__price">
                <span className="coin-pack__per">{t('exchange.coinGacha.perPack')}</span>
                <CoinPrice amount={pack.point} />
              </p>
              <p className="coin-pack__remaining">
                {t('exchange.coinGacha.remaining', {
                  remaining: formatNumber(pack.pack_count),
                  total: formatNumber(pack.total_pack_count),
                })}
              </p>
              {!soldOut && (
                <span className="coin-pack__open" aria-hidden="true">
                  {t('exchange.coinGacha.open')}
                </span>
              )}
            </div>
          </>
        );
        return (
          <li key={pack.id}>
            <PackLink packId={pack.id} soldOut={soldOut} className="coin-pack" testId="coin-pack">
              {body}
            </PackLink>
          </li>
        );
      })}
    </ul>
  );
}
