import type { ExchangeCard } from '@oripa/contract/exchange';
import { Link } from 'react-router';
import { Modal } from '@/components/modal.tsx';
import { ConfirmModal } from '@/components/confirm-modal.tsx';
import { formatCoins } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import type { ExchangeDialog } from '../exchange-flow.ts';
import { langOf } from '@/lib/text-lang.ts';

/** The card a dialog is about: image, series, name, model number and rarity. */
function CardSummary({ card }: { card: ExchangeCard }) {
  const { t } = useTranslation();
  return (
    <div className="exchange-summary__card">
      {card.image ? <img src={card.image} alt="" width={96} /> : <div className="exchange-card__noimage" />}
      <div>
        {card.card_name && <p className="exchange-card__series" lang={langOf(card.card_name)}>{card.card_name}</p>}
        <p className="exchange-summary__name" data-testid="dialog-card-name" lang={langOf(card.name)}>
          {card.name}
        </p>
        <p className="exchange-summary__meta">
          {card.model_number && (
            <span>
              {t('exchange.card.model')} {card.model_number}
            </span>
          )}
          {card.rarity_label && (
            <span>
              {t('exchange.card.rarity')} {card.rarity_label}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}

interface ExchangeModalsProps {
  dialog: ExchangeDialog;
  /** True while the exchange runs: the confirm button cannot be pressed twice. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The exchange's dialogs (spec sections 2, 4, 8): the confirmation (cost, coins before and
 * after), the success showing the card, the check's refusal titled '交換上限を超えています' for
 * result '-3' and 'コイン不足' otherwise, and the alert of a refused exchange; each refusal
 * shows the server's errors.count message.
 */
export function ExchangeModals({ dialog, busy, onConfirm, onClose }: ExchangeModalsProps) {
  const { t } = useTranslation();
  const closeButton = (
    <button type="button" className="btn btn--dark" onClick={onClose} data-testid="dialog-close">
      {t('common.close')}
    </button>
  );

  return (
    <>
      <ConfirmModal
        open={dialog?.kind === 'confirm'}
        title={t('exchange.confirm.title')}
        busy={busy}
        onConfirm={onConfirm}
        onClose={onClose}
        cancelLabel={t('exchange.confirm.cancel')}
        confirmLabel={t('exchange.confirm.submit')}
        confirmClassName="btn--gold"
        confirmTestId="confirm-exchange"
        className="exchange-modal"
      >
        {dialog?.kind === 'confirm' && (
          <div className="exchange-summary">
            <p>{t('exchange.confirm.lead')}</p>
            <CardSummary card={dialog.card} />
            <dl className="exchange-summary__list">
              <div className="exchange-summary__cost">
                <dt>{t('exchange.confirm.cost')}</dt>
                <dd data-testid="confirm-cost">{formatCoins(dialog.card.sub_coin)}</dd>
              </div>
              <div>
                <dt>{t('exchange.confirm.held')}</dt>
                <dd data-testid="confirm-balance">{formatCoins(dialog.balance)}</dd>
              </div>
              <div className="exchange-summary__after">
                <dt>{t('exchange.confirm.after')}</dt>
                <dd data-testid="confirm-after">{formatCoins(dialog.balanceAfter)}</dd>
              </div>
            </dl>
            <p className="exchange-summary__note">{t('exchange.confirm.shipping')}</p>
          </div>
        )}
      </ConfirmModal>

      <Modal
        open={dialog?.kind === 'success'}
        title={t('exchange.success.title')}
        onClose={onClose}
        className="exchange-modal"
        actions={
          <>
            <Link to="/coin-history" className="btn btn--outline">
              {t('exchange.success.history')}
            </Link>
            <button type="button" className="btn btn--gold" onClick={onClose} data-testid="dialog-close">
              {t('exchange.success.close')}
            </button>
          </>
        }
      >
        {dialog?.kind === 'success' && (
          <div className="exchange-summary" data-testid="exchange-success">
            <CardSummary card={dialog.card} />
            <p>{t('exchange.success.text')}</p>
          </div>
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'refused'}
        role="alertdialog"
        title={
          dialog?.kind === 'refused' && dialog.limit
            ? t('exchange.error.limitTitle')
            : t('exchange.error.coinsTitle')
        }
        onClose={onClose}
        actions={closeButton}
      >
        <p className="modal-message" data-testid="exchange-error">
          {dialog?.kind === 'refused' ? (dialog.message ?? t('exchange.error.fallback')) : ''}
        </p>
      </Modal>

      <Modal
        open={dialog?.kind === 'failed'}
        role="alertdialog"
        title={t('exchange.error.failedTitle')}
        onClose={onClose}
        actions={closeButton}
      >
        <p className="modal-message" data-testid="exchange-alert">
          {dialog?.kind === 'failed' ? (dialog.message ?? t('exchange.error.fallback')) : ''}
        </p>
      </Modal>
    </>
  );
}
