import type { FieldErrors } from '@oripa/contract/wire';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError } from '@/lib/api-client.ts';

const FOCUS_TARGET = '[aria-invalid="true"], [data-form-alert]';

/**
 * The server's per-field errors of a form (spec section 5): the first message of a field is
 * shown under it and goes away as soon as the member edits that field. `report` takes a new
 * answer and, when `form` is given, moves the focus to the first field in error.
 */
export function useFormErrors(form?: RefObject<HTMLElement | null>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reported, setReported] = useState(0);
  const formRef = useRef(form);

  const report = useCallback((next: FieldErrors) => {
    setErrors(next);
    setReported((n) => n + 1);
  }, []);

  // In the commit that shows the errors, not after the paint: a focus moved later can land while
  // the member is already typing in another field, whose text then goes into the field in error
  // (a browser test saw "changed789changed789").
  useLayoutEffect(() => {
    const target = formRef.current?.current?.querySelector<HTMLElement>(FOCUS_TARGET);
    if (!target) return;
    if (target.hasAttribute('data-form-alert')) target.scrollIntoView({ block: 'center' });
    else target.focus();
  }, [reported]);

  const errorOf = useCallback((field: string) => firstError(errors, field), [errors]);
  const clear = useCallback((...fields: string[]) => {
    setErrors((previous) => {
      if (!fields.some((field) => field in previous)) return previous;
      const rest = { ...previous };
      for (const field of fields) delete rest[field];
      return rest;
    });
  }, []);
  return { errors, report, errorOf, clear };
}

interface FormAlertProps {
  errors: FieldErrors;
  /** Fields the form shows under their control; the others are listed here. */
  shown: readonly string[];
}

/**
 * Errors that belong to no field of the form (a failed connection, an expired csrf token, a
 * server error): listed above the submit button so a refusal is never silent.
 */
export function FormAlert({ errors, shown }: FormAlertProps) {
  const { t } = useTranslation();
  const messages = useMemo(() => {
    const list: string[] = [];
    for (const field of Object.keys(errors)) {
      if (shown.includes(field)) continue;
      const message = field === 'network' ? t('accounts.common.networkError') : firstError(errors, field);
      if (message && !list.includes(message)) list.push(message);
    }
    return list;
  }, [errors, shown, t]);
  if (messages.length === 0) return null;
  return (
    <div className="notice-box form-alert" role="alert" data-testid="form-alert" data-form-alert="">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
