import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';

interface RemainingBarProps {
  remaining: number;
  total: number;
  testId?: string;
}

/** "残り 123 / 500" with a bar that empties as the lot sells. */
export function RemainingBar({ remaining, total, testId }: RemainingBarProps) {
  const { t } = useTranslation();
  const ratio = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
  const low = ratio > 0 && ratio <= 0.2;
  return (
    <div className={low ? 'remaining is-low' : 'remaining'}>
      {/* A progress element, not a width in a style attribute: the page's CSP allows no inline style. */}
      <progress className="remaining__track" max={1000} value={Math.round(ratio * 1000)} aria-hidden="true" />
      <p className="remaining__text" data-testid={testId}>
        {t('catalog.remaining', { count: formatNumber(remaining), total: formatNumber(total) })}
      </p>
    </div>
  );
}
