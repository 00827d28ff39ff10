import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input with the server's messages for its field under it. */
export function Field({ label, errors, ...input }: { label: string; errors?: string[] | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={errors ? true : undefined} aria-describedby={errors ? errorId : undefined} {...input} />
      {errors && (
        <p id={errorId} className="admin-field-error">
          {errors[0]}
        </p>
      )}
    </div>
  );
}
