import { useId, type ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  hint?: string;
  /** First server (or provider) message of the field. */
  error?: string | undefined;
  /** Renders the control with the ids the frame wires up. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  testId?: string;
  className?: string;
}

/** A labelled form row of the payment forms: label, hint, control and the field's error under it. */
export function FieldFrame({ label, hint, error, children, testId, className }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const classes = ['pay-field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={testId}>
      <label htmlFor={id} className="pay-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="pay-field__hint">
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
