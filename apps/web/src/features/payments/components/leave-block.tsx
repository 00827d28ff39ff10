import { useBlocker } from 'react-router';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Blocks leaving the screen toward `blockedPath` (spec section 2: /bank-transfer-information
 * toward /confirm-buy-point, /complete-buy-point toward /pay-redirect), including with the
 * browser's back button, and says why. Every other way out stays open.
 */
export function LeaveBlock({ blockedPath, message }: { blockedPath: string; message: string }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return nextLocation.pathname === blockedPath && currentLocation.pathname !== blockedPath;
  });
  return (
    <AlertDialog
      testId="pay-alert"
      message={blocker.state === 'blocked' ? message : null}
      title={t('payments.blocked.title')}
      onClose={() => blocker.reset?.()}
    />
  );
}
