import type { PackDetail } from '@oripa/contract/catalog';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMember, useCurrentUser } from '../../../lib/current-user.ts';
import { formatPackPrice } from '../../../lib/format.ts';
import { purchaseCountOptions } from '../count-options.ts';

interface PurchasePanelProps {
  pack: PackDetail;
  /** A count error handed back by the purchase confirmation (query errorMessageCount). */
  countError?: string | null;
}

/**
 * Count select, total and the spin button. Visitors are sent to login (keeping the pack);
 * members go on to the purchase confirmation with the chosen count.
 */
export function PurchasePanel({ pack, countError }: PurchasePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const selectId = useId();
  const errorId = useId();
  const options = useMemo(() => purchaseCountOptions(pack), [pack]);
  const [chosen, setChosen] = useState(1);

  const soldOut = pack.pack_count <= 0 || options.length === 0;
  const count = Math.min(Math.max(1, chosen), Math.max(1, options.length));
  const disabled = soldOut || pack.is_before;

  const spin = () => {
    if (disabled) return;
    if (isMember(user)) {
      navigate(
        `/confirm-buy-product?${new URLSearchParams({ packId: String(pack.id), buyCount: String(count) }).toString()}`,
      );
    } else {
      navigate(`/login?${new URLSearchParams({ packId: String(pack.id) }).toString()}`);
    }
  };

  return (
    <div className="purchase-panel">
      {!soldOut && (
        <div className="purchase-panel__row">
          <label htmlFor={selectId} className="purchase-panel__label">
            {t('catalog.detail.countLabel')}
          </label>
          <select
            id={selectId}
            className="select"
            data-testid="buy-count"
            value={count}
            aria-describedby={countError ? errorId : undefined}
            aria-invalid={countError ? true : undefined}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {options.map((value) => (
              <option key={value} value={value}>
                {t('catalog.detail.countOption', { count: value })}
              </option>
            ))}
          </select>
        </div>
      )}
      {countError && (
        <p id={errorId} className="field-error" role="alert">
          {countError}
        </p>
      )}
      {!soldOut && (
        <p className="purchase-panel__total">
          <span>{t('catalog.detail.total')}</span>
          <strong data-testid="total-price">
            {formatPackPrice(pack.point * count, pack.payment_method)}
          </strong>
        </p>
      )}
      <button
        type="button"
        className="btn btn--spin"
        data-testid="spin-button"
        disabled={disabled}
        onClick={spin}
      >
        {soldOut ? t('catalog.soldOutMark') : t('catalog.detail.spin')}
      </button>
      {pack.is_before && !soldOut && <p className="purchase-panel__note">{t('catalog.detail.notStarted')}</p>}
      {soldOut && <p className="purchase-panel__note">{t('catalog.detail.soldOutNote')}</p>}
      {!disabled && !isMember(user) && (
        <p className="purchase-panel__note">{t('catalog.detail.loginNote')}</p>
      )}
      {pack.payment_method === '2' && <p className="purchase-panel__note">{t('catalog.detail.coinNote')}</p>}
    </div>
  );
}
