import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FormErrorsState } from '@/lib/form-state.ts';
import { useTranslation } from '@/lib/use-translation.ts';

export interface FieldFrameProps {
  label: string;
  /** Shows the 'required' badge (the server decides; this only tells the user). */
  required?: boolean;
  /** Format rule shown above the control (e.g. '7 digits without hyphen'). */
  hint?: string;
  /** Advice shown under the control (e.g. the building note). */
  note?: ReactNode;
  /** First server message of the field. */
  error?: string | undefined;
  /** Renders the control with the ids the frame wires up. */
  children: (ids: {
    id: string;
    describedBy: string | undefined;
    invalid: boolean;
    required: boolean;
  }) => ReactNode;
  testId?: string;
}

/**
 * A labelled form row: label with a required/optional badge, hint, the control, a note and the
 * server's first message for the field (announced, and linked to the control).
 */
export function FieldFrame({
  label,
  required = false,
  hint,
  note,
  error,
  children,
  testId,
}: FieldFrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : '', note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={error ? 'form-field has-error' : 'form-field'} data-testid={testId}>
      <label htmlFor={id} className="form-field__label">
        <span>{label}</span>
        <span className={required ? 'form-badge form-badge--required' : 'form-badge'}>
          {required ? t('accounts.form.required') : t('accounts.form.optional')}
        </span>
      </label>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: Boolean(error), required })}
      {note && (
        <p id={noteId} className="form-field__note">
          {note}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'>;

export interface TextFieldProps extends InputProps {
  label: string;
  required?: boolean;
  hint?: string;
  note?: ReactNode;
  error?: string | undefined;
  /** Shown right of the input (e.g. a button). */
  addon?: ReactNode;
  testId?: string;
}

/** A text input in a FieldFrame. */
export function TextField({
  label,
  required,
  hint,
  note,
  error,
  addon,
  testId,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame label={label} required={required} hint={hint} note={note} error={error} testId={testId}>
      {({ id, describedBy, invalid, required: needed }) => (
        <div className={addon ? 'form-field__row' : undefined}>
          <input
            id={id}
            aria-required={needed || undefined}
            className={className ? `input-box text-input ${className}` : 'input-box text-input'}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...input}
          />
          {addon}
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * Wires a text control to one field of a form's values: its name, value, first server message
 * and test id; an edit stores the new value and clears the field's message.
 */
export function fieldBinder<K extends string>(
  values: Record<K, string>,
  onChange: (changes: Partial<Record<K, string>>) => void,
  { errorOf, clear }: Pick<FormErrorsState, 'errorOf' | 'clear'>,
) {
  return (field: K) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    testId: `field-${field}`,
    onChange: (e: { target: { value: string } }) => {
      onChange({ [field]: e.target.value } as Partial<Record<K, string>>);
      clear(field);
    },
  });
}
