import { useTranslation } from '@/lib/use-translation.ts';
import { PASSWORD_MAX } from '../account-rules.ts';
import type { FormErrorsState } from '@/lib/form-state.ts';
import { FormAlert } from './form-errors.tsx';
import { PasswordField } from './password-field.tsx';

interface NewPasswordFieldsProps {
  values: { pass: string; confirmPass: string };
  onChange: (changes: { pass?: string; confirmPass?: string }) => void;
  /** The form's errors (`useFormState`); editing either field forgets both (both show the mismatch). */
  form: FormErrorsState;
  /** Label of the first field; 'new password' unless given. */
  passLabel?: string;
  /** Lists the errors of no field under the two (a form without its own alert). */
  alert?: boolean;
}

/**
 * A new password and its confirmation, as registration, change-password and the reissue link ask
 * for them: the server puts a mismatch under both fields, so editing either clears both.
 */
export function NewPasswordFields({ values, onChange, form, passLabel, alert = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { errors, errorOf, clear } = form;
  return (
    <>
      <PasswordField
        label={passLabel ?? t('accounts.fields.newPass')}
        name="pass"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('accounts.hints.password')}
        value={values.pass}
        error={errorOf('pass')}
        onChange={(e) => {
          onChange({ pass: e.target.value });
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
        value={values.confirmPass}
        error={errorOf('confirmPass')}
        onChange={(e) => {
          onChange({ confirmPass: e.target.value });
          clear('pass', 'confirmPass');
        }}
        testId="field-confirmPass"
      />
      {alert && <FormAlert errors={errors} shown={['pass', 'confirmPass']} />}
    </>
  );
}
