import type { FieldErrors } from '@oripa/contract/wire';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { firstError } from '@/lib/api-client.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { CARD_LIMITS, digitsOnly, spreadDigits, type CardValues, type CardVariant } from '../card-values.ts';
import { FieldFrame } from './field-frame.tsx';

interface CardFieldsProps {
  value: CardValues;
  onChange: (next: CardValues) => void;
  /** Errors under card_number, limit_month, limit_year, cvc, card_name and card (spec section 5). */
  errors: FieldErrors;
  variant?: CardVariant;
}

/**
 * The card form (spec sections 2 and 5): the number in four boxes of 4 (a box holds 4 digits;
 * what is typed, pasted or autofilled beyond them flows on), expiry month and year,
 * security code and cardholder name. The values stay in the browser until the provider's
 * tokenizer takes them; only the limits are enforced here (no other client validation).
 */
export function CardFields({ value, onChange, errors, variant = 'payment' }: CardFieldsProps) {
  const { t } = useTranslation();
  const limits = CARD_LIMITS[variant];
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const numberId = useId();
  const expiryId = useId();
  const numberError = firstError(errors, 'card_number');
  const expiryError = firstError(errors, 'limit_month') ?? firstError(errors, 'limit_year');
  const set = (patch: Partial<CardValues>) => onChange({ ...value, ...patch });

  const typeNumber = (box: number, text: string) => {
    // More than 4 digits (typing on, autofill of the whole number) flow into the next boxes.
    const digits = digitsOnly(text).slice(0, (4 - box) * 4);
    set({ number: spreadDigits(value.number, box, digits) });
    const target = Math.min(3, box + Math.floor(digits.length / 4));
    if (target !== box) boxes.current[target]?.focus();
  };

  const pasteNumber = (box: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOnly(event.clipboardData.getData('text'));
    if (digits.length <= 4) return;
    event.preventDefault();
    set({ number: spreadDigits(value.number, box, digits.slice(0, (4 - box) * 4)) });
    boxes.current[Math.min(3, box + Math.ceil(digits.length / 4) - 1)]?.focus();
  };

  const backToPrevious = (box: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value.number[box] === '' && box > 0) boxes.current[box - 1]?.focus();
  };

  return (
    <div className="pay-card" data-testid="card-fields">
      <fieldset
        className={numberError ? 'pay-field has-error' : 'pay-field'}
        aria-describedby={numberError ? `${numberId}-error` : undefined}
      >
        <legend className="pay-field__label">{t('payments.card.number')}</legend>
        <div className="pay-card__boxes">
          {value.number.map((part, box) => (
            <input
              // The four boxes are fixed: their position is their identity.
              key={box}
              ref={(element) => {
                boxes.current[box] = element;
              }}
              className="input-box pay-input pay-card__box"
              value={part}
              inputMode="numeric"
              autoComplete={box === 0 ? 'cc-number' : 'off'}
              placeholder="0000"
              aria-label={t('payments.card.numberPart', { from: box * 4 + 1, to: box * 4 + 4 })}
              aria-invalid={numberError ? true : undefined}
              data-testid={`card-number-${box + 1}`}
              onChange={(event) => typeNumber(box, event.target.value)}
              onPaste={(event) => pasteNumber(box, event)}
              onKeyDown={(event) => backToPrevious(box, event)}
            />
          ))}
        </div>
        {numberError && (
          <p id={`${numberId}-error`} className="field-error" role="alert" data-testid="card-number-error">
            {numberError}
          </p>
        )}
      </fieldset>

      <div className="pay-card__row">
        <fieldset
          className={expiryError ? 'pay-field has-error' : 'pay-field'}
          aria-describedby={expiryError ? `${expiryId}-error` : undefined}
        >
          <legend className="pay-field__label">{t('payments.card.expiry')}</legend>
          <div className="pay-card__expiry">
            <input
              className="input-box pay-input pay-card__month"
              value={value.month}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={limits.month}
              placeholder={t('payments.card.monthPlaceholder')}
              aria-label={t('payments.card.month')}
              aria-invalid={firstError(errors, 'limit_month') ? true : undefined}
              data-testid="card-month"
              onChange={(event) => set({ month: digitsOnly(event.target.value).slice(0, limits.month) })}
            />
            <span aria-hidden="true">/</span>
            <input
              className="input-box pay-input pay-card__year"
              value={value.year}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={limits.year}
              placeholder={limits.year === 4 ? t('payments.card.yearPlaceholder4') : t('payments.card.yearPlaceholder2')}
              aria-label={t('payments.card.year')}
              aria-invalid={firstError(errors, 'limit_year') ? true : undefined}
              data-testid="card-year"
              onChange={(event) => set({ year: digitsOnly(event.target.value).slice(0, limits.year) })}
            />
          </div>
          {expiryError && (
            <p id={`${expiryId}-error`} className="field-error" role="alert" data-testid="card-expiry-error">
              {expiryError}
            </p>
          )}
        </fieldset>

        <FieldFrame label={t('payments.card.cvc')} error={firstError(errors, 'cvc')} testId="card-cvc-field">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input-box pay-input pay-card__cvc"
              value={value.cvc}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={limits.cvc}
              placeholder={limits.cvc === 3 ? '123' : '1234'}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              data-testid="card-cvc"
              onChange={(event) => set({ cvc: digitsOnly(event.target.value).slice(0, limits.cvc) })}
            />
          )}
        </FieldFrame>
      </div>

      <FieldFrame
        label={t('payments.card.name')}
        hint={t('payments.card.nameHint')}
        error={firstError(errors, 'card_name')}
        testId="card-name-field"
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input-box pay-input"
            value={value.name}
            autoComplete="cc-name"
            autoCapitalize="characters"
            maxLength={limits.name}
            placeholder="TARO YAMADA"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-testid="card-name"
            onChange={(event) => set({ name: event.target.value.slice(0, limits.name) })}
          />
        )}
      </FieldFrame>

      {firstError(errors, 'card') && (
        <p className="notice-box pay-card__error" role="alert" data-testid="card-error">
          {firstError(errors, 'card')}
        </p>
      )}
      <p className="pay-card__secure">{t('payments.card.secureNote')}</p>
    </div>
  );
}
