import { useId } from 'react';
import { isMinorBirthDate } from '@/lib/play-safety.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import './birth-date-fields.css';

export interface BirthDateFieldsProps {
  birthDate: string;
  consent: boolean;
  onBirthDate(value: string): void;
  onConsent(value: boolean): void;
  /** The server's first message for each field. */
  birthDateError?: string | undefined;
  consentError?: string | undefined;
  /** Registration offers it; the point purchase requires it. */
  required: boolean;
}

/**
 * The birth date control and, as soon as the date makes the member under 18, the notice that a
 * guardian's consent is needed and the box confirming it (decision 037: a birth date with a clear
 * warning, not a bare "I am an adult" click).
 */
export function BirthDateFields(props: BirthDateFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const minor = isMinorBirthDate(props.birthDate);
  return (
    <div className="birth-date-fields" data-testid="birth-date-fields">
      <div className={props.birthDateError ? 'birth-date-fields__row has-error' : 'birth-date-fields__row'}>
        <label htmlFor={`${id}-date`} className="birth-date-fields__label">
          {t('safety.birthDate.label')}
          <span className={props.required ? 'birth-date-fields__badge' : 'birth-date-fields__badge birth-date-fields__badge--optional'}>
            {props.required ? t('accounts.form.required') : t('accounts.form.optional')}
          </span>
        </label>
        <p id={`${id}-hint`} className="birth-date-fields__hint">
          {t('safety.birthDate.hint')}
        </p>
        <input
          id={`${id}-date`}
          type="date"
          name="birth_date"
          className="birth-date-fields__input"
          value={props.birthDate}
          max="9999-12-31"
          autoComplete="bday"
          aria-describedby={props.birthDateError ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={props.birthDateError ? true : undefined}
          required={props.required}
          onChange={(e) => props.onBirthDate(e.currentTarget.value)}
          data-testid="birth-date"
        />
        {props.birthDateError && (
          <p id={`${id}-error`} className="birth-date-fields__error" role="alert">
            {props.birthDateError}
          </p>
        )}
      </div>
      {minor && (
        <div className="birth-date-fields__minor" role="note" data-testid="minor-notice">
          <p>{t('safety.birthDate.minorNotice')}</p>
          <p>{t('safety.birthDate.minorCap')}</p>
          <label className="birth-date-fields__consent">
            <input
              type="checkbox"
              name="guardian_consent"
              checked={props.consent}
              onChange={(e) => props.onConsent(e.currentTarget.checked)}
              data-testid="guardian-consent"
            />
            <span>{t('safety.birthDate.consent')}</span>
          </label>
          {props.consentError && (
            <p className="birth-date-fields__error" role="alert">
              {props.consentError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
