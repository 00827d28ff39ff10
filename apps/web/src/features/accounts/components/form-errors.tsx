import type { FieldErrors } from '@oripa/contract/wire';
import { useMemo } from 'react';
import { firstError } from '@/lib/api-client.ts';
import { useTranslation } from '@/lib/use-translation.ts';

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
