import { useTranslation } from '@/lib/use-translation.ts';
import { Modal } from './modal.tsx';

interface MaintenanceAlertProps {
  open: boolean;
  onClose: () => void;
}

/** The alert of the disabled point-transfer feature (spec sections 2 and 8). */
export function MaintenanceAlert({ open, onClose }: MaintenanceAlertProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={t('transfer.alertTitle')}
      actions={
        <button type="button" className="btn btn--gold" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p data-testid="maintenance-alert">{t('transfer.unavailable')}</p>
    </Modal>
  );
}
