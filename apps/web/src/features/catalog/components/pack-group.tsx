import type { Pack } from '@oripa/contract/catalog';
import { useId } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '@/components/icons.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { PackGrid } from './pack-grid.tsx';

interface PackGroupProps {
  typeId: number;
  name: string;
  packs: Pack[];
}

/** The packs of one card type on the top page, with a link to the full paged list. */
export function PackGroup({ typeId, name, packs }: PackGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="pack-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="section-title">
          {name}
        </h2>
        <Link
          to={`/pack-list?index=${typeId}`}
          className="see-all"
          aria-label={t('catalog.seeAllOf', { name })}
        >
          {t('catalog.seeAll')}
          <ChevronIcon />
        </Link>
      </div>
      <PackGrid packs={packs} />
    </section>
  );
}
