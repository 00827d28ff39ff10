import type { PackCard } from '@oripa/contract/catalog';
import { memo, useId, useMemo, useRef, useState } from 'react';
import { Modal } from '@/components/modal.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { formatNumber, formatPoints } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePackCards } from '../api/catalog-queries.ts';
import { usePackTrust } from '@/lib/pack-trust.ts';
import { RARITY_TIERS } from '@oripa/contract/constants';
import type { Odds } from '@oripa/contract/trust';
import { langOf } from '@/lib/text-lang.ts';

/** CSS name of a lineup display tier 0-3 (normal, rare, superRare, ultraRare). */
export function tierName(rarity: number): (typeof RARITY_TIERS)[number] {
  return RARITY_TIERS[Math.min(3, Math.max(0, Math.trunc(rarity)))] ?? 'normal';
}

/** The page's cards in runs of one display tier, rarest first (the server sends them so ordered). */
export function groupByTier(cards: PackCard[]): { tier: number; cards: PackCard[] }[] {
  const groups: { tier: number; cards: PackCard[] }[] = [];
  for (const card of cards) {
    const tier = Math.min(3, Math.max(0, Math.trunc(card.rarity)));
    const last = groups.at(-1);
    if (last && last.tier === tier) last.cards.push(card);
    else groups.push({ tier, cards: [card] });
  }
  return groups;
}

const percent = (chance: number) => (Math.round(chance * 10_000) / 100).toFixed(2);

/**
 * The head of a tier's run: its name and, from the live odds (the trust panel's data, one query
 * for both), how many of its cards are left in the lot and its chance on the next pack.
 */
function TierHead({ tier, odds }: { tier: number; odds: Odds | undefined }) {
  const { t } = useTranslation();
  const live = odds?.tiers.find((entry) => entry.tier === tier);
  return (
    <div className={`lineup-tier__head lineup-tier__head--${tierName(tier)}`} data-testid={`lineup-tier-${tier}`}>
      <h3 className="lineup-tier__name">{t(`shopper.tier.${tierName(tier)}`)}</h3>
      {live && (
        <p className="lineup-tier__left" data-testid="lineup-tier-left">
          <span>{t('shopper.tier.left', { remaining: formatNumber(live.remaining), initial: formatNumber(live.initial) })}</span>
          <span className="lineup-tier__chance">{t('shopper.tier.chance', { percent: percent(live.chance) })}</span>
        </p>
      )}
    </div>
  );
}

/**
 * One tier's cards. Memoised: the live odds arriving re-render the tier heads only, not every
 * card of the lineup (decision 015, "Start-up in short tasks").
 */
const LineupGrid = memo(function LineupGrid({
  cards,
  refreshing,
  convertible,
  onSelect,
}: {
  cards: PackCard[];
  refreshing: boolean;
  convertible: boolean;
  onSelect: (card: PackCard) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={refreshing ? 'lineup-grid is-refreshing' : 'lineup-grid'}>
      {cards.map((card, index) => (
        <li key={`${card.model_number}-${index}`}>
          <button
            type="button"
            className={`lineup-card tier-${tierName(card.rarity)}`}
            data-testid="lineup-card"
            onClick={() => onSelect(card)}
          >
            <span className="lineup-card__media">
              <img src={card.image_url} alt="" loading="lazy" decoding="async" />
              <span className="rarity-chip">{card.rarity_label}</span>
            </span>
            <span className="lineup-card__name clamp-2" lang={langOf(card.name)}>{card.name}</span>
            {convertible && card.buy_point !== undefined && (
              <span className="lineup-card__value" data-testid="lineup-value">
                {t('shopper.showcase.value', { points: formatPoints(card.buy_point) })}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
});

/**
 * A pack's lineup, page by page, in runs by rarity tier with each tier's live remaining count;
 * a card opens a popup with its details.
 */
export function Lineup({ packId, convertible = false }: { packId: number; convertible?: boolean }) {
  const { t } = useTranslation();
  // The trust panel on the same page refetches the counts (lib/pack-trust.ts).
  const trust = usePackTrust(packId, { follower: true });
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PackCard | null>(null);
  const cards = usePackCards(packId, page, true);
  const groups = useMemo(() => groupByTier(cards.data?.list ?? []), [cards.data]);

  let content;
  if (cards.isError) {
    content = <QueryFailure onRetry={() => void cards.refetch()} />;
  } else if (!cards.data) {
    content = <PageSpinner />;
  } else if (cards.data.list.length === 0) {
    content = <p className="empty-note">{t('catalog.detail.lineupEmpty')}</p>;
  } else {
    content = (
      <>
        {groups.map((group, groupIndex) => (
          <div key={`${group.tier}-${groupIndex}`} className="lineup-tier">
            <TierHead tier={group.tier} odds={trust.data?.odds} />
            <LineupGrid
              cards={group.cards}
              refreshing={cards.isPlaceholderData}
              convertible={convertible}
              onSelect={setSelected}
            />
          </div>
        ))}
        <Pager
          page={cards.data.page}
          label={t('catalog.detail.lineupPager')}
          onSelect={(next) => {
            setPage(next);
            sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} className="detail-section lineup" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('catalog.detail.lineupTitle')}
      </h2>
      {content}
      <Modal
        open={selected !== null}
        title={selected?.name ?? ''}
        onClose={() => setSelected(null)}
        className={selected ? `card-modal tier-${tierName(selected.rarity)}` : 'card-modal'}
      >
        {selected && (
          <div className="card-modal__content">
            <div className="card-modal__media">
              <img src={selected.image_url} alt={selected.name} />
            </div>
            <dl className="spec-list">
              <div>
                <dt>{t('catalog.detail.cardName')}</dt>
                <dd lang={langOf(selected.name)}>{selected.name}</dd>
              </div>
              <div>
                <dt>{t('catalog.detail.cardModel')}</dt>
                <dd>{selected.model_number}</dd>
              </div>
              <div>
                <dt>{t('catalog.detail.cardRarity')}</dt>
                <dd>
                  <span className="rarity-chip rarity-chip--inline">{selected.rarity_label}</span>
                </dd>
              </div>
            </dl>
          </div>
        )}
      </Modal>
    </section>
  );
}
