import { useTranslation } from '@/lib/use-translation.ts';
import { Modal } from './modal.tsx';
import './alert-dialog.css';

interface AlertDialogProps {
  /** The message; the alert is open while there is one. */
  message: string | null;
  title: string;
  /** The head's accent: red for a failure, gold for a success. */
  tone?: 'error' | 'success' | 'info';
  onClose: () => void;
  /** Test ids of the message and the OK button: `<testId>-message`, `<testId>-ok`. */
  testId?: string;
}

/** A message the member acknowledges with OK (the shop's replacement for window.alert). */
export function AlertDialog({ message, title, tone = 'info', onClose, testId = 'alert' }: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      role="alertdialog"
      title={title}
      className={`alert-dialog alert-dialog--${tone}`}
      actions={
        <button type="button" className="btn btn--gold" onClick={onClose} data-testid={`${testId}-ok`}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="alert-dialog__message" data-testid={`${testId}-message`}>
        {message}
      </p>
    </Modal>
  );
}
