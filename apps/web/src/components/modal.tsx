import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/use-translation.ts';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content; a close button is shown when none are given. */
  actions?: ReactNode;
  /** 'alertdialog' for messages that need the user's attention. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal dialog: Esc and a click on the backdrop close it, focus moves into it on open and
 * back to where it was on close, and the page behind does not scroll.
 */
export function Modal({ open, title, onClose, children, actions, role = 'dialog', className }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // Focus moves in the commit that opens (and closes) the dialog, before the paint: a key pressed
  // or text typed before a later effect ran would go to the page behind.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button modal__close"
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        <div className="modal__actions">
          {actions ?? (
            <button type="button" className="btn btn--dark" onClick={onClose}>
              {t('common.close')}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
