import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '@/components/icons.tsx';
import { MaintenanceAlert } from '@/components/maintenance-alert.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import './members.css';

/** /user-menu: personal information, point transfer (disabled), password; back to my page. */
export function UserMenuScreen() {
  const { t } = useTranslation();
  const [alertOpen, setAlertOpen] = useState(false);

  return (
    <PageFrame title={t('accounts.userMenu.title')} lead={t('accounts.userMenu.lead')} narrow>
      <ul className="menu-list">
        <li>
          <Link to="/change-member" className="menu-list__item">
            <span>{t('accounts.userMenu.personalInfo')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <button type="button" className="menu-list__item" onClick={() => setAlertOpen(true)}>
            <span>{t('accounts.userMenu.pointTransfer')}</span>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <Link to="/change-password" className="menu-list__item">
            <span>{t('accounts.changePassword.title')}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
      <div className="button-row button-row--center">
        <Link to="/my-page" className="btn btn--outline">
          {t('accounts.common.backToMyPage')}
        </Link>
      </div>
      <MaintenanceAlert open={alertOpen} onClose={() => setAlertOpen(false)} />
    </PageFrame>
  );
}
