import type { Pack } from '@oripa/contract/catalog';
import { packBadges } from '@oripa/contract/pack-shelf';
import { useState } from 'react';
import { renderNow } from '@/lib/clock.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { MembersOnlyBadges } from './members-only.tsx';

/**
 * The marks on a pack's image: 販売予定 for an upcoming pack, NEW and 残りわずか by the rules of
 * the contract's pack-shelf module, and who may buy a member-only pack (decision 056). A sold-out pack carries the large SOLD OUT mark instead (pack-tile).
 */
export function PackBadges({ pack }: { pack: Pack }) {
  const { t } = useTranslation();
  // The time the tile first showed: a mark does not change under the visitor's eyes.
  const [now] = useState(renderNow);
  const marks = packBadges(pack, now).filter((badge) => badge !== 'sold_out');
  if (!pack.is_before && marks.length === 0 && !pack.members_only) return null;
  return (
    <span className="pack-tile__badges">
      {pack.is_before && <span className="badge badge--upcoming">{t('catalog.upcomingBadge')}</span>}
      <MembersOnlyBadges members={pack.members_only} />
      {marks.map((badge) => (
        <span key={badge} className={`badge badge--${badge.replace('_', '-')}`} data-testid={`badge-${badge}`}>
          {t(`shopper.badge.${badge}`)}
        </span>
      ))}
    </span>
  );
}
