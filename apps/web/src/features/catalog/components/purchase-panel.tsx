import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { useId, useState } from 'react';
import { isMember } from '@/lib/current-user.ts';
import { formatNumber, formatPackPrice } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { maxPurchaseCount } from '../count-options.ts';
import { usePurchaseFlow } from '../use-purchase-flow.tsx';
import { CountStepper } from './count-stepper.tsx';
import { QuickCounts } from './quick-counts.tsx';
import '@/components/purchase-sheet.css';
import './purchase.css';

/** The id of the panel's count field: the buy bar's "other count" takes the member there. */
export const PURCHASE_COUNT_ID = 'purchase-count';

interface PurchasePanelProps {
  pack: PackDetail;
  /** A count error handed back by the purchase confirmation (query errorMessageCount). */
  countError?: string | null;
}

/**
 * Count select, total and the spin button, and the purchase itself (spec section 4, "Pack
 * purchase"): visitors go to login with the pack; members get a check of the count, then the
 * confirmation modal (or the insufficient-balance modal), then the buy and the reveal.
 */
export function PurchasePanel({ pack, countError }: PurchasePanelProps) {
  const { t } = useTranslation();
  const errorId = useId();
  // Remaining packs, max_buy_count, the 3000 cap and what the member may still buy of a limited pack.
  const max = maxPurchaseCount(pack);
  const [chosen, setChosen] = useState(1);
  // The error handed back in the query stays until the member tries again.
  const [showHandedError, setShowHandedError] = useState(true);

  const soldOut = pack.pack_count <= 0;
  // A limited pack the member has bought to its limit: nothing more to offer.
  const limitReached = !soldOut && pack.member_remaining === 0;
  const count = Math.min(Math.max(1, chosen), Math.max(1, max));
  const disabled = soldOut || limitReached || pack.is_before;
  const { user, live, error, clearError, start, dialogs } = usePurchaseFlow(pack, disabled);
  const shownError = error ?? (showHandedError ? (countError ?? null) : null);

  const choose = (value: number) => {
    setChosen(value);
    clearError();
    setShowHandedError(false);
  };

  const spin = () => {
    setShowHandedError(false);
    void start(count);
  };

  return (
    <div className="purchase-panel">
      {!soldOut && !limitReached && (
        <QuickCounts
          max={max}
          remaining={pack.pack_count}
          chosen={count}
          disabled={disabled || !live}
          onChoose={choose}
        />
      )}
      {!soldOut && !limitReached && (
        <div className="purchase-panel__row">
          <label htmlFor={PURCHASE_COUNT_ID} className="purchase-panel__label">
            {t('catalog.detail.countLabel')}
          </label>
          <CountStepper
            id={PURCHASE_COUNT_ID}
            value={count}
            max={max}
            disabled={disabled || !live}
            describedBy={shownError ? errorId : undefined}
            invalid={Boolean(shownError)}
            onChange={choose}
          />
        </div>
      )}
      {pack.member_remaining !== null && !soldOut && (
        <p className="purchase-panel__allowance" data-testid="member-allowance">
          {limitReached
            ? t('shopper.count.limitReached')
            : t('shopper.count.allowance', { formatted: formatNumber(pack.member_remaining) })}
        </p>
      )}
      {shownError && (
        <p id={errorId} className="field-error" role="alert" data-testid="count-error">
          {shownError}
        </p>
      )}
      {!soldOut && !limitReached && (
        <p className="purchase-panel__total">
          <span>{t('catalog.detail.total')}</span>
          <strong data-testid="total-price">
            {formatPackPrice(packUnitPrice(pack) * count, pack.payment_method)}
          </strong>
        </p>
      )}
      <button
        type="button"
        className="btn btn--spin"
        data-testid="spin-button"
        disabled={disabled || !live}
        onClick={spin}
      >
        {soldOut ? t('catalog.soldOutMark') : t('catalog.detail.spin')}
      </button>
      {pack.is_before && !soldOut && <p className="purchase-panel__note">{t('catalog.detail.notStarted')}</p>}
      {soldOut && <p className="purchase-panel__note">{t('catalog.detail.soldOutNote')}</p>}
      {!disabled && !isMember(user) && (
        <p className="purchase-panel__note">{t('catalog.detail.loginNote')}</p>
      )}
      {pack.payment_method === PAYMENT_METHOD.coins && (
        <p className="purchase-panel__note">{t('catalog.detail.coinNote')}</p>
      )}

      {dialogs}
    </div>
  );
}
