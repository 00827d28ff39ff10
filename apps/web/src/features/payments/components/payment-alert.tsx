import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';

interface PaymentAlertProps {
  /** The message; the alert is open while there is one. */
  message: string | null;
  title: string;
  tone?: 'error' | 'success' | 'info';
  onClose: () => void;
}

/** A message the member acknowledges with OK (the shop's replacement for window.alert). */
export function PaymentAlert({ message, title, tone = 'info', onClose }: PaymentAlertProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      role="alertdialog"
      title={title}
      className={`pay-alert pay-alert--${tone}`}
      actions={
        <button type="button" className="btn btn--gold" onClick={onClose} data-testid="pay-alert-ok">
          {t('common.ok')}
        </button>
      }
    >
      <p className="pay-alert__message" data-testid="pay-alert-message">
        {message}
      </p>
    </Modal>
  );
}
