import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenFrame } from '../../components/screen-frame.tsx';

/** /login (query packId: back to that pack after login). */
export function LoginScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="login"
      links={[
        { to: '/user-register', label: t('links.register'), primary: true },
        { to: '/password-reissue', label: t('links.forgotPassword') },
      ]}
    />
  );
}

export function PasswordReissueScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="passwordReissue" links={[{ to: '/login', label: t('links.backToLogin') }]} />;
}

export function CompletePasswordReissueScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="completePasswordReissue"
      links={[
        { to: '/login', label: t('links.toLogin'), primary: true },
        { to: '/', label: t('common.backToTop') },
      ]}
    />
  );
}

export function UserRegisterScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="userRegister"
      links={[
        { to: '/terms-of-service', label: t('menu.terms') },
        { to: '/privacy-protection', label: t('footer.privacy') },
        { to: '/login', label: t('links.haveAccount') },
      ]}
    />
  );
}

/** /confirm-user-register: the entered values arrive in the query; "fix" returns them to the form. */
export function ConfirmUserRegisterScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.toString();
  return (
    <ScreenFrame
      screen="confirmUserRegister"
      links={[{ to: query ? `/user-register?${query}` : '/user-register', label: t('links.fixInput') }]}
    />
  );
}

export function CompleteUserRegisterScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="completeUserRegister"
      links={[{ to: '/', label: t('common.backToTop'), primary: true }]}
    />
  );
}

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="changePassword" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />;
}

export function ChangeMemberScreen() {
  const { t } = useTranslation();
  return <ScreenFrame screen="changeMember" links={[{ to: '/my-page', label: t('links.backToMyPage') }]} />;
}
