import { useState } from 'react';
import { formatNumber } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { clampCount } from '../count-options.ts';

interface CountStepperProps {
  id: string;
  value: number;
  max: number;
  disabled: boolean;
  describedBy?: string;
  invalid?: boolean;
  onChange: (count: number) => void;
}

/**
 * The purchase count as a number field between − and + (issue 15): it replaces a select of up to
 * 3000 options (3000 DOM nodes built on every pack page) with three controls. Digits may be
 * typed (full-width too); the value is kept within 1 and `max` as it is typed.
 */
export function CountStepper({ id, value, max, disabled, describedBy, invalid, onChange }: CountStepperProps) {
  const { t } = useTranslation();
  // What the member is typing ('' is allowed until the field loses focus); null: the value.
  const [draft, setDraft] = useState<string | null>(null);
  const step = (by: number) => onChange(clampCount(String(value + by), max, value));

  return (
    <div className="count-stepper">
      <button
        type="button"
        className="count-stepper__step"
        aria-label={t('shopper.count.fewer')}
        aria-controls={id}
        disabled={disabled || value <= 1}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        id={id}
        className="count-stepper__input"
        data-testid="buy-count"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(value)}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const text = event.target.value;
          // Digits: the count, clamped, shows at once; nothing readable yet ('' while retyping) waits.
          if (/\d/.test(text.normalize('NFKC'))) {
            setDraft(null);
            onChange(clampCount(text, max, value));
          } else {
            setDraft(text);
          }
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="count-stepper__step"
        aria-label={t('shopper.count.more')}
        aria-controls={id}
        disabled={disabled || value >= max}
        onClick={() => step(1)}
      >
        +
      </button>
      <span className="count-stepper__range">{t('shopper.count.range', { max: formatNumber(Math.max(1, max)) })}</span>
    </div>
  );
}
