import type { PackDetail, PaymentMethod } from '@oripa/contract/catalog';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { formatCoins, formatNumber, formatPackPrice, formatPoints } from '../../../lib/format.ts';

/** A balance as the check call sends it (a decimal string for coins) in its currency. */
export function formatBalance(value: string, paymentMethod: PaymentMethod): string {
  return paymentMethod === '2' ? formatCoins(value) : formatPoints(Number(value));
}

export interface PurchaseQuote {
  count: number;
  cost: number;
  balance: string;
  balanceAfter: string;
}

interface ConfirmPurchaseModalProps {
  pack: PackDetail;
  quote: PurchaseQuote | null;
  /** True while the buy runs: the confirm button cannot be pressed twice. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The purchase confirmation (spec section 2): cost, balance before and after, pack count. */
export function ConfirmPurchaseModal({ pack, quote, busy, onConfirm, onClose }: ConfirmPurchaseModalProps) {
  const { t } = useTranslation();
  const coins = pack.payment_method === '2';

  return (
    <Modal
      open={quote !== null}
      title={t('gacha.purchase.confirmTitle')}
      onClose={busy ? () => undefined : onClose}
      className="purchase-modal"
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onClose} disabled={busy}>
            {t('gacha.purchase.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--spin purchase-modal__go"
            data-testid="confirm-buy"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {t('gacha.purchase.confirmButton')}
          </button>
        </>
      }
    >
      {quote && (
        <div className="purchase-summary">
          <p className="purchase-summary__pack">{pack.name}</p>
          <dl className="purchase-summary__list">
            <div>
              <dt>{t('gacha.purchase.count')}</dt>
              <dd data-testid="quote-count">{t('gacha.purchase.countValue', { count: quote.count, formatted: formatNumber(quote.count) })}</dd>
            </div>
            <div className="purchase-summary__cost">
              <dt>{coins ? t('gacha.purchase.costCoins') : t('gacha.purchase.costPoints')}</dt>
              <dd data-testid="quote-cost">{formatPackPrice(quote.cost, pack.payment_method)}</dd>
            </div>
            <div>
              <dt>{coins ? t('gacha.purchase.heldCoins') : t('gacha.purchase.heldPoints')}</dt>
              <dd data-testid="quote-balance">{formatBalance(quote.balance, pack.payment_method)}</dd>
            </div>
            <div className="purchase-summary__after">
              <dt>{t('gacha.purchase.after')}</dt>
              <dd data-testid="quote-after">{formatBalance(quote.balanceAfter, pack.payment_method)}</dd>
            </div>
          </dl>
          {coins && (
            <p className="purchase-summary__note" data-testid="coin-note">
              {t('gacha.purchase.coinNote')}
            </p>
          )}
          <p className="purchase-summary__unit">
            {t('gacha.purchase.unitPrice', { price: formatPackPrice(pack.point, pack.payment_method) })}
          </p>
        </div>
      )}
    </Modal>
  );
}

interface InsufficientModalProps {
  open: boolean;
  paymentMethod: PaymentMethod;
  onBuyPoints: () => void;
  onClose: () => void;
}

/**
 * Not enough to pay (spec section 8): a point pack asks whether to buy points (yes goes to
 * /buy-point with the pack), a coin pack only says so.
 */
export function InsufficientModal({ open, paymentMethod, onBuyPoints, onClose }: InsufficientModalProps) {
  const { t } = useTranslation();
  if (paymentMethod === '2') {
    return (
      <Modal open={open} title={t('gacha.purchase.coinsShortTitle')} onClose={onClose} role="alertdialog">
        <p className="modal-message">{t('gacha.purchase.coinsShort')}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('gacha.purchase.pointsShortTitle')}
      onClose={onClose}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('gacha.purchase.no')}
          </button>
          <button type="button" className="btn btn--gold" data-testid="buy-points" onClick={onBuyPoints}>
            {t('gacha.purchase.yes')}
          </button>
        </>
      }
    >
      <p className="modal-message">{t('gacha.purchase.pointsShort')}</p>
    </Modal>
  );
}
