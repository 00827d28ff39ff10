import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '../account-rules.ts';
import type { FieldErrors } from '@oripa/contract/wire';
import { FormAlert } from './form-errors.tsx';
import { PasswordField } from './password-field.tsx';

interface NewPasswordFieldsProps {
  pass: string;
  confirmPass: string;
  onPass: (value: string) => void;
  onConfirmPass: (value: string) => void;
  /** Label of the first field; 'new password' unless given. */
  passLabel?: string;
  /** When given, the errors of no field are listed under the two (a form without its own alert). */
  errors?: FieldErrors;
  errorOf: (field: string) => string | undefined;
  /** Forgets the shown errors of these fields (both show the mismatch). */
  clear: (...fields: string[]) => void;
}

/**
 * A new password and its confirmation, as registration, change-password and the reissue link ask
 * for them: the server puts a mismatch under both fields, so editing either clears both.
 */
export function NewPasswordFields({
  pass,
  confirmPass,
  onPass,
  onConfirmPass,
  passLabel,
  errors,
  errorOf,
  clear,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={passLabel ?? t('accounts.fields.newPass')}
        name="pass"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('accounts.hints.password')}
        value={pass}
        error={errorOf('pass')}
        onChange={(e) => {
          onPass(e.target.value);
          clear('pass', 'confirmPass');
        }}
        testId="field-pass"
      />
      <PasswordField
        label={t('accounts.fields.confirmPass')}
        name="confirmPass"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirmPass}
        error={errorOf('confirmPass')}
        onChange={(e) => {
          onConfirmPass(e.target.value);
          clear('pass', 'confirmPass');
        }}
        testId="field-confirmPass"
      />
      {errors && <FormAlert errors={errors} shown={['pass', 'confirmPass']} />}
    </>
  );
}
