import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** While the confirmed action runs, the dialog cannot be closed and both buttons are disabled. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  cancelLabel: string;
  confirmLabel: string;
  /** Look of the confirm button, e.g. 'btn--spin' or 'btn--gold'. */
  confirmClassName: string;
  confirmTestId: string;
  className?: string;
  children: ReactNode;
}

/** A yes/no confirmation before a spending action (a pack purchase, an exchange). */
export function ConfirmModal(props: ConfirmModalProps) {
  const {
    open,
    title,
    busy,
    onConfirm,
    onClose,
    cancelLabel,
    confirmLabel,
    confirmClassName,
    confirmTestId,
  } = props;
  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? () => undefined : onClose}
      className={props.className}
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${confirmClassName}`}
            data-testid={confirmTestId}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}
