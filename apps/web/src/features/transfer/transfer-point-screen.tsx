import { ScreenFrame } from '@/components/screen-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

/** /transfer-point: the feature is disabled; the screen only shows the maintenance alert. */
export function TransferPointScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="transferPoint" links={[{ to: '/user-menu', label: t('links.backToUserMenu') }]}>
      <p className="notice-box" role="alert" data-testid="maintenance-alert">
        {t('transfer.unavailable')}
      </p>
    </ScreenFrame>
  );
}
