import type { PageInfo } from '@oripa/contract/wire';
import { useTranslation } from '@/lib/use-translation.ts';
import { ChevronIcon } from './icons.tsx';

interface PagerProps {
  page: PageInfo;
  onSelect: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one pager. */
  label?: string;
}

/**
 * Pager of a paged list (spec section 3 "Paged lists"): previous / next and the page numbers of
 * the page block; the first and last pages stay reachable when the block does not show them.
 */
export function Pager({ page, onSelect, label }: PagerProps) {
  const { t } = useTranslation();
  if (page.all_page <= 1) return null;

  const first = page.pages[0] ?? page.page;
  const last = page.pages[page.pages.length - 1] ?? page.page;
  const numbers: (number | 'gap-start' | 'gap-end')[] = [];
  if (first > 1) {
    numbers.push(1);
    if (first > 2) numbers.push('gap-start');
  }
  numbers.push(...page.pages);
  if (last < page.all_page) {
    if (last < page.all_page - 1) numbers.push('gap-end');
    numbers.push(page.all_page);
  }

  return (
    <nav className="pager" aria-label={label ?? t('pager.label')}>
      <button
        type="button"
        className="pager__step"
        // The visible word is hidden on phones (only the chevron shows): the name stays.
        aria-label={t('pager.prev')}
        disabled={page.page <= 1}
        onClick={() => onSelect(page.page - 1)}
      >
        <ChevronIcon direction="left" />
        <span>{t('pager.prev')}</span>
      </button>
      <ul className="pager__pages">
        {numbers.map((entry) =>
          typeof entry === 'number' ? (
            <li key={entry}>
              <button
                type="button"
                className={entry === page.page ? 'pager__page is-current' : 'pager__page'}
                aria-current={entry === page.page ? 'page' : undefined}
                aria-label={t('pager.page', { page: entry })}
                onClick={() => {
                  if (entry !== page.page) onSelect(entry);
                }}
              >
                {entry}
              </button>
            </li>
          ) : (
            <li key={entry} className="pager__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pager__step"
        aria-label={t('pager.next')}
        disabled={page.page >= page.all_page}
        onClick={() => onSelect(page.page + 1)}
      >
        <span>{t('pager.next')}</span>
        <ChevronIcon direction="right" />
      </button>
    </nav>
  );
}
