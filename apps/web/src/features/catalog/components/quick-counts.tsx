import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

/** The counts the best shops offer as buttons: 1回, 10回, 100回. */
const QUICK_COUNTS = [1, 10, 100] as const;

/**
 * The quick-count buttons a member can take: each of 1, 10 and 100 that `max` allows, and
 * "all remaining" when the whole rest of the lot fits in one purchase (and is not already one
 * of them). `max` is maxPurchaseCount: remaining packs, max_buy_count and the 3000 cap applied.
 */
export function quickCounts(max: number, remaining: number): { counts: number[]; all: number | null } {
  const counts: number[] = QUICK_COUNTS.filter((count) => count <= max);
  const all = remaining > 0 && remaining <= max && !counts.includes(remaining) ? remaining : null;
  return { counts, all };
}

interface QuickCountsProps {
  max: number;
  remaining: number;
  chosen: number;
  disabled: boolean;
  onChoose: (count: number) => void;
}

/** Buttons beside the count select: one tap for 1, 10, 100 or all remaining packs. */
export function QuickCounts({ max, remaining, chosen, disabled, onChoose }: QuickCountsProps) {
  const { t } = useTranslation();
  const { counts, all } = quickCounts(max, remaining);
  if (counts.length === 0) return null;
  const button = (count: number, label: string, testId: string) => (
    <button
      key={testId}
      type="button"
      className={count === chosen ? 'quick-count is-chosen' : 'quick-count'}
      data-testid={testId}
      aria-pressed={count === chosen}
      disabled={disabled}
      onClick={() => onChoose(count)}
    >
      {label}
    </button>
  );
  return (
    <div className="quick-counts" role="group" aria-label={t('catalog.detail.quickLabel')}>
      {counts.map((count) =>
        button(count, t('catalog.detail.countOption', { count, formatted: formatNumber(count) }), `quick-count-${count}`),
      )}
      {all !== null && button(all, t('catalog.detail.allRemaining', { formatted: formatNumber(all) }), 'quick-count-all')}
    </div>
  );
}
