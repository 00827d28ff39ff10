import type { Pack } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { PackLink } from '@/components/pack-link.tsx';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { PackBadges } from './pack-badges.tsx';
import { PriceTag } from './price-tag.tsx';
import { RemainingBar } from './remaining-bar.tsx';
import { langOf } from '@/lib/text-lang.ts';

interface PackTileProps {
  pack: Pack;
}

/**
 * A pack in a list: image, name, its best prize (issue 25), price, remaining packs. Sold-out packs carry a SOLD OUT mark
 * and are not links; upcoming packs show when their sale starts.
 */
export function PackTile({ pack }: PackTileProps) {
  const { t } = useTranslation();
  const soldOut = pack.pack_count <= 0;
  const image = pack.image[0];

  const body = (
    <>
      <div className="pack-tile__media">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className="pack-tile__noimage" aria-hidden="true" />
        )}
        <PackBadges pack={pack} />
        {soldOut && (
          <span className="veil sold-out" aria-hidden="true">
            {t('catalog.soldOutMark')}
          </span>
        )}
      </div>
      <div className="pack-tile__body">
        <h3 className="pack-tile__name clamp-2" lang={langOf(pack.name)}>{pack.name}</h3>
        {pack.top_prize && (
          <p className="pack-tile__top" data-testid="pack-tile-top">
            <img src={pack.top_prize.image_url} alt="" loading="lazy" decoding="async" />
            <span className="pack-tile__top-text">
              <span className="pack-tile__top-name">
                {t('shopper.showcase.topPrize')} {pack.top_prize.rarity_label} {pack.top_prize.name}
              </span>
              {pack.payment_method === PAYMENT_METHOD.points && pack.top_prize.buy_point !== undefined && (
                <span className="pack-tile__top-value">
                  {t('shopper.showcase.value', { points: formatPoints(pack.top_prize.buy_point) })}
                </span>
              )}
            </span>
          </p>
        )}
        {pack.is_before && (
          <p className="pack-tile__start">
            {t('catalog.startsAt', { date: formatShopDateTime(pack.start_date, currentLang()) })}
          </p>
        )}
        <div className="pack-tile__price">
          {/* A free daily pack costs nothing, once a day (decision 056): it says so, not a price. */}
          {pack.members_only?.free_daily ? (
            <span className="pack-tile__free" data-testid="pack-tile-free">{t('catalog.freeDaily')}</span>
          ) : (
            <>
              <span className="pack-tile__per">{t('catalog.perPack')}</span>
              <PriceTag amount={packUnitPrice(pack)} paymentMethod={pack.payment_method} />
            </>
          )}
        </div>
        <RemainingBar remaining={pack.pack_count} total={pack.total_pack_count} />
        {soldOut && <p className="visually-hidden">{t('catalog.soldOut')}</p>}
      </div>
    </>
  );

  return (
    <PackLink packId={pack.id} soldOut={soldOut} className="surface-card pack-tile" testId="pack-tile">
      {body}
    </PackLink>
  );
}
