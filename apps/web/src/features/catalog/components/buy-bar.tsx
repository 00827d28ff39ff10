import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { formatNumber, formatPackPrice } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { maxPurchaseCount } from '../count-options.ts';
import { usePurchaseFlow } from '../use-purchase-flow.tsx';
import { PURCHASE_COUNT_ID } from './purchase-panel.tsx';
import './buy-bar.css';

/** The counts the best shops put in their buy bar: 1回, 10連, 100連. */
const BAR_COUNTS = [1, 10, 100] as const;

/**
 * The bar's counts for a member who may buy at most `max` packs in one purchase: 1, 10 and 100,
 * each clamped to `max` (a lot with 7 left offers 1 and 7), without repeats; none when `max` is 0.
 * Balance is not a limit here: the confirmation says when the member is short.
 */
export function barCounts(max: number): number[] {
  if (max < 1) return [];
  return [...new Set(BAR_COUNTS.map((count) => Math.min(count, max)))];
}

/**
 * The buy bar of the pack page (issue 25): fixed to the bottom of the screen on phones, beside the
 * lineup on desktop; one tap on 1回 / 10連 / 100連 opens the purchase confirmation, 「その他」
 * takes the member to the panel's count field. Shown only while the pack can be bought.
 */
export function BuyBar({ pack }: { pack: PackDetail }) {
  const { t } = useTranslation();
  const counts = barCounts(maxPurchaseCount(pack));
  const buyable = pack.pack_count > 0 && !pack.is_before && pack.member_remaining !== 0 && counts.length > 0;
  const { live, error, start, dialogs } = usePurchaseFlow(pack, !buyable);
  if (!buyable) return null;

  const otherCount = () => {
    const field = document.getElementById(PURCHASE_COUNT_ID);
    if (!(field instanceof HTMLInputElement)) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
    field.select();
  };

  return (
    <aside className="buy-bar" aria-label={t('shopper.buyBar.label')} data-testid="buy-bar">
      <div className="buy-bar__buttons">
        {counts.map((count) => {
          const label =
            count === 1
              ? t('shopper.buyBar.single')
              : t('shopper.buyBar.multi', { formatted: formatNumber(count) });
          const total = formatPackPrice(packUnitPrice(pack) * count, pack.payment_method);
          return (
            <button
              key={count}
              type="button"
              className={count === 1 ? 'buy-bar__button' : 'buy-bar__button buy-bar__button--multi'}
              data-testid={`buy-bar-${count}`}
              disabled={!live}
              onClick={() => void start(count)}
            >
              {/* Its name is what it shows, count then total ("10連 10,000P"): the bar's label says what they do. */}
              <span className="buy-bar__count">{label}</span> <span className="buy-bar__total">{total}</span>
            </button>
          );
        })}
        <button
          type="button"
          className="buy-bar__button buy-bar__button--other"
          data-testid="buy-bar-other"
          aria-label={t('shopper.buyBar.otherName')}
          disabled={!live}
          onClick={otherCount}
        >
          <span className="buy-bar__count">{t('shopper.buyBar.other')}</span>
        </button>
      </div>
      {error && (
        <p className="buy-bar__error" role="alert" data-testid="buy-bar-error">
          {error}
        </p>
      )}
      {dialogs}
    </aside>
  );
}
