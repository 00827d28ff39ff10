// The account screens of the route table (app/routes.tsx loads this module as one chunk).
export { LoginScreen } from './login-screen.tsx';
export { ChangeMemberScreen } from './member/change-member-screen.tsx';
export { ChangePasswordScreen } from './password/change-password-screen.tsx';
export { CompletePasswordReissueScreen } from './password/complete-password-reissue-screen.tsx';
export { PasswordReissueScreen } from './password/password-reissue-screen.tsx';
export { CompleteUserRegisterScreen } from './registration/complete-user-register-screen.tsx';
export { ConfirmUserRegisterScreen } from './registration/confirm-user-register-screen.tsx';
export { UserRegisterScreen } from './registration/user-register-screen.tsx';
export { LineRegisterScreen } from './line/line-register-screen.tsx';
