import type { Pack } from '@oripa/contract/catalog';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { PackGrid } from './pack-grid.tsx';

/** Upcoming packs, the one starting soonest first. */
export function sortUpcoming(packs: Pack[]): Pack[] {
  return packs
    .filter((pack) => pack.is_before)
    .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date) || a.id - b.id);
}

/**
 * Packs whose sale has not started, in their own section (spec section 2): only the next one to
 * start is shown until the visitor asks for all of them.
 */
export function UpcomingSection({ packs }: { packs: Pack[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  if (packs.length === 0) return null;
  const shown = expanded ? packs : packs.slice(0, 1);

  return (
    <section className="pack-section pack-section--upcoming" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="section-title section-title--upcoming">
          {t('catalog.upcoming.title')}
        </h2>
        {packs.length > 1 && (
          <button
            type="button"
            className="btn btn--outline btn--small"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded
              ? t('catalog.upcoming.showLatest')
              : t('catalog.upcoming.showAll', { count: packs.length })}
          </button>
        )}
      </div>
      <div id={listId}>
        <PackGrid packs={shown} />
      </div>
    </section>
  );
}
