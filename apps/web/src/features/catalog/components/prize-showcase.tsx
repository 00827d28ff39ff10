import { rarityTier } from '@oripa/contract/constants';
import type { CommittedPrize, PackTrust } from '@oripa/contract/trust';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { usePackTrust } from '@/lib/pack-trust.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { tierName } from './lineup.tsx';
import { langOf } from '@/lib/text-lang.ts';

/** How many prizes the showcase shows large: the lot's best. */
export const SHOWCASE_SIZE = 3;

export interface ShowcasePrize {
  prize: CommittedPrize;
  remaining: number;
  initial: number;
}

/**
 * The lot's best prizes for the top of the pack page: its highest rarities first, then the
 * highest conversion value, at most SHOWCASE_SIZE, each with what is left of it (live odds).
 */
export function showcasePrizes(trust: PackTrust): ShowcasePrize[] {
  const left = new Map(trust.odds.prizes.map((p) => [p.prize_id, p]));
  return [...trust.commitment.lineup]
    .sort((a, b) => b.rarity - a.rarity || b.buy_point - a.buy_point)
    .slice(0, SHOWCASE_SIZE)
    .map((prize) => ({
      prize,
      remaining: left.get(prize.prize_id)?.remaining ?? prize.count,
      initial: left.get(prize.prize_id)?.initial ?? prize.count,
    }));
}

/**
 * The pack page's prizes up front (issue 25): the best prizes large, with their image, name,
 * conversion value in points (point packs: coin-pack prizes only ship) and how many are left.
 * From the lot's public trust data, one query with the trust panel and the lineup. Its room is
 * held while the data comes, so the page below does not jump.
 */
export function PrizeShowcase({ packId, convertible }: { packId: number; convertible: boolean }) {
  const { t } = useTranslation();
  // The trust panel on the same page refetches the counts (lib/pack-trust.ts).
  const trust = usePackTrust(packId, { follower: true });
  const prizes = trust.data ? showcasePrizes(trust.data) : null;
  // No lineup, or the data could not come (the trust panel below says so): nothing to show.
  if (trust.isError || (prizes && prizes.length === 0)) return null;

  return (
    <section className="prize-showcase" aria-labelledby="prize-showcase-title" data-testid="prize-showcase">
      <h2 id="prize-showcase-title" className="section-title">
        {t('shopper.showcase.title')}
      </h2>
      <ul className="prize-showcase__list" aria-busy={prizes === null}>
        {(prizes ?? []).map(({ prize, remaining, initial }) => (
          <li
            key={prize.prize_id}
            className={`prize-showcase__item tier-${tierName(rarityTier(prize.rarity))}`}
            data-testid="showcase-prize"
          >
            <span className="prize-showcase__media">
              <img src={prize.image_url} alt="" decoding="async" />
              <span className="rarity-chip">{prize.rarity_label}</span>
            </span>
            <span className="prize-showcase__name clamp-2" lang={langOf(prize.name)}>{prize.name}</span>
            {convertible && (
              <span className="prize-showcase__value" data-testid="showcase-value">
                {t('shopper.showcase.value', { points: formatPoints(prize.buy_point) })}
              </span>
            )}
            <span className={remaining === 0 ? 'prize-showcase__left is-gone' : 'prize-showcase__left'}>
              {remaining === 0
                ? t('shopper.showcase.gone')
                : t('shopper.showcase.left', { remaining: formatNumber(remaining), initial: formatNumber(initial) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
