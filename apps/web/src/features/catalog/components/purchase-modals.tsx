import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail, PaymentMethod } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { Link } from 'react-router';
import { Modal } from '@/components/modal.tsx';
import { ConfirmModal } from '@/components/confirm-modal.tsx';
import { formatCoins, formatNumber, formatPackPrice, formatPoints, formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCoveringCourse } from '../api/covering-course.ts';
import { PurchaseTerms } from './purchase-terms.tsx';
import { langOf } from '@/lib/text-lang.ts';

/** A balance as the check call sends it (a decimal string for coins) in its currency. */
export function formatBalance(value: string, paymentMethod: PaymentMethod): string {
  return paymentMethod === PAYMENT_METHOD.coins ? formatCoins(value) : formatPoints(Number(value));
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
  const coins = pack.payment_method === PAYMENT_METHOD.coins;

  return (
    <ConfirmModal
      open={quote !== null}
      title={t('gacha.purchase.confirmTitle')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      cancelLabel={t('gacha.purchase.cancel')}
      // The button says what it orders (特定商取引法 12-6): how many packs, for how much.
      confirmLabel={
        quote
          ? t('gacha.purchase.buyConfirm', { count: quote.count, formatted: formatNumber(quote.count), cost: formatPackPrice(quote.cost, pack.payment_method) })
          : t('gacha.purchase.confirmButton')
      }
      confirmClassName="btn--spin purchase-modal__go"
      confirmTestId="confirm-buy"
      className="purchase-modal"
    >
      {quote && (
        <div className="purchase-summary">
          <p className="purchase-summary__pack" lang={langOf(pack.name)}>{pack.name}</p>
          <dl className="purchase-sheet">
            <div>
              <dt>{t('gacha.purchase.count')}</dt>
              <dd data-testid="quote-count">
                {t('gacha.purchase.countValue', { count: quote.count, formatted: formatNumber(quote.count) })}
              </dd>
            </div>
            <div className="purchase-sheet__cost">
              <dt>{coins ? t('gacha.purchase.costCoins') : t('gacha.purchase.costPoints')}</dt>
              <dd data-testid="quote-cost">{formatPackPrice(quote.cost, pack.payment_method)}</dd>
            </div>
            <div>
              <dt>{coins ? t('gacha.purchase.heldCoins') : t('gacha.purchase.heldPoints')}</dt>
              <dd data-testid="quote-balance">{formatBalance(quote.balance, pack.payment_method)}</dd>
            </div>
            <div className="purchase-sheet__after">
              <dt>{t('gacha.purchase.after')}</dt>
              <dd data-testid="quote-after">{formatBalance(quote.balanceAfter, pack.payment_method)}</dd>
            </div>
          </dl>
          {coins && (
            <p className="coin-note" data-testid="coin-note">
              {t('gacha.purchase.coinNote')}
            </p>
          )}
          <p className="purchase-summary__unit">
            {t('gacha.purchase.unitPrice', { price: formatPackPrice(packUnitPrice(pack), pack.payment_method) })}
          </p>
          <PurchaseTerms pack={pack} count={quote.count} cost={quote.cost} />
        </div>
      )}
    </ConfirmModal>
  );
}

interface InsufficientModalProps {
  open: boolean;
  paymentMethod: PaymentMethod;
  /** Points still missing for the chosen count (0 when unknown). */
  missing: number;
  /** Where the smallest covering course leads (confirm-buy-point with the pack). */
  coursePath: (courseId: string) => string;
  onBuyPoints: () => void;
  onClose: () => void;
}

/**
 * Not enough to pay (spec section 8): a point pack says how many points are missing and offers
 * the smallest course that covers them, or the course list; a coin pack only says so.
 */
export function InsufficientModal({
  open,
  paymentMethod,
  missing,
  coursePath,
  onBuyPoints,
  onClose,
}: InsufficientModalProps) {
  const { t } = useTranslation();
  const coins = paymentMethod === PAYMENT_METHOD.coins;
  const course = useCoveringCourse(open && !coins ? missing : 0).data;
  if (coins) {
    return (
      <Modal open={open} title={t('gacha.purchase.coinsShortTitle')} onClose={onClose} role="alertdialog">
        <p className="modal-message">{t('gacha.purchase.coinsShort')}</p>
      </Modal>
    );
  }
  const points = course ? formatPoints(Number(course.point)) : '';
  const price = course ? formatYen(Number(course.price)) : '';
  return (
    <Modal
      open={open}
      title={t('gacha.purchase.pointsShortTitle')}
      onClose={onClose}
      className="short-modal"
      role="alertdialog"
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('gacha.purchase.no')}
          </button>
          {course ? (
            <>
              <button
                type="button"
                className="btn btn--outline"
                data-testid="buy-points"
                onClick={onBuyPoints}
              >
                {t('gacha.purchase.otherCourses')}
              </button>
              <Link to={coursePath(course.id)} className="btn btn--gold" data-testid="buy-covering-course">
                {t('gacha.purchase.buyCovering')}
              </Link>
            </>
          ) : (
            <button type="button" className="btn btn--gold" data-testid="buy-points" onClick={onBuyPoints}>
              {t('gacha.purchase.buyPoints')}
            </button>
          )}
        </>
      }
    >
      {missing > 0 ? (
        <>
          <p className="modal-message" data-testid="points-missing">
            {t('gacha.purchase.pointsMissing', { missing: formatPoints(missing) })}
          </p>
          {course && (
            <p className="modal-message" data-testid="covering-course">
              {t('gacha.purchase.coveringCourse', { points, price })}
            </p>
          )}
        </>
      ) : (
        <p className="modal-message">{t('gacha.purchase.pointsShort')}</p>
      )}
    </Modal>
  );
}
