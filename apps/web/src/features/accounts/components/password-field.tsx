import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { FieldFrame, type TextFieldProps } from './form-field.tsx';

/** A password input with a show/hide toggle (spec section 2, login). */
export function PasswordField({
  label,
  required,
  hint,
  note,
  error,
  testId,
  ...input
}: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} required={required} hint={hint} note={note} error={error} testId={testId}>
      {({ id, describedBy, invalid, required: needed }) => (
        <div className="password-input">
          <input
            id={id}
            aria-required={needed || undefined}
            className="input-box text-input"
            type={visible ? 'text' : 'password'}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('accounts.form.hidePassword') : t('accounts.form.showPassword')}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
