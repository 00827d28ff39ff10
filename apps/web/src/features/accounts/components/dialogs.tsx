import { Modal } from '@/components/modal.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question (the shop's replacement for window.confirm). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title}
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onCancel} data-testid="confirm-no">
            {t('accounts.common.cancel')}
          </button>
          <button type="button" className="btn btn--gold" onClick={onConfirm} data-testid="confirm-yes">
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="dialog-message" data-testid="confirm-message">
        {message}
      </p>
    </Modal>
  );
}
