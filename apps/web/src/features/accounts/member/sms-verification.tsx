import * as api from '@oripa/contract/api-paths';
import type { FieldErrors } from '@oripa/contract/wire';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal.tsx';
import { firstError } from '@/lib/api-client.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { SMS_CODE_LENGTH } from '../account-rules.ts';
import { submit } from '../api/account-calls.ts';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { ConfirmDialog } from '../components/dialogs.tsx';

type Step = 'idle' | 'confirm' | 'code';

interface SmsVerificationProps {
  /** The phone number in the form: the code goes there, and it becomes the verified number. */
  tel: string;
  /** end_sms is 1: a badge instead of the button (the dialogs stay, for the last alert). */
  verified: boolean;
  /** Reloads the member's information after a successful check. */
  onVerified: () => Promise<void>;
}

/**
 * SMS verification of the phone (spec sections 2 and 4): the button asks 'send an SMS code?',
 * POST /user/send_sms {tel} sends it and opens the popup with a 6-character code box;
 * POST /user/check_sms {sms_code} checks it. A refused send (errors.user_id) is an alert and
 * the popup stays closed; a wrong code shows under the box. On success the popup closes, the
 * information reloads and 'SMS authentication completed' is shown.
 */
export function SmsVerification({ tel, verified, onVerified }: SmsVerificationProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('idle');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const inputId = useId();

  const otherMessage = (errors: FieldErrors) =>
    errors.network
      ? t('accounts.common.networkError')
      : (Object.values(errors)[0]?.[0] ?? t('accounts.sms.failed'));

  const send = async () => {
    setStep('idle');
    const result = await withLoading(() => submit(api.sendSms, { tel }));
    if (result.ok) {
      setCode('');
      setCodeError(undefined);
      setStep('code');
    } else {
      setAlert(firstError(result.errors, 'user_id') ?? otherMessage(result.errors));
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    // The popup is portalled out of the member form in the page, but React still bubbles the
    // submit to that form: it must not save the member information as well.
    event.stopPropagation();
    const verified = await withLoading(async () => {
      const result = await submit(api.checkSms, { sms_code: code });
      if (result.ok) await onVerified();
      return result;
    });
    if (verified.ok) {
      setStep('idle');
      setAlert(t('accounts.sms.verified'));
    } else {
      setCodeError(firstError(verified.errors, 'sms_code') ?? otherMessage(verified.errors));
    }
  };

  return (
    <>
      {verified ? (
        <span className="badge badge--verified" data-testid="sms-verified">
          {t('accounts.sms.verifiedBadge')}
        </span>
      ) : (
        <button
          type="button"
          className="btn btn--dark btn--small sms-button"
          onClick={() => setStep('confirm')}
          data-testid="sms-button"
        >
          {t('accounts.sms.button')}
        </button>
      )}
      <ConfirmDialog
        open={step === 'confirm'}
        title={t('accounts.sms.title')}
        message={t('accounts.sms.confirm')}
        confirmLabel={t('accounts.sms.sendCode')}
        onConfirm={() => void send()}
        onCancel={() => setStep('idle')}
      />
      <Modal
        open={step === 'code'}
        onClose={() => setStep('idle')}
        title={t('accounts.sms.title')}
        className="sms-modal"
        actions={
          <button
            type="submit"
            form={`${inputId}-form`}
            className="btn btn--gold btn--block"
            data-testid="sms-submit"
          >
            {t('accounts.sms.submit')}
          </button>
        }
      >
        <form id={`${inputId}-form`} onSubmit={(e) => void check(e)} noValidate data-testid="sms-form">
          <p className="dialog-message">{t('accounts.sms.sent', { tel })}</p>
          <label htmlFor={inputId} className="form-field__label sms-modal__label">
            {t('accounts.sms.codeLabel')}
          </label>
          <input
            id={inputId}
            name="sms_code"
            className="input-box text-input sms-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(undefined);
            }}
            data-testid="sms-code"
          />
          {codeError && (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {codeError}
            </p>
          )}
          <p className="form-field__note">{t('accounts.sms.expiry')}</p>
        </form>
      </Modal>
      <AlertDialog message={alert} title={t('accounts.common.notice')} onClose={() => setAlert(null)} />
    </>
  );
}
