import type { PayMethod } from '@oripa/contract/payments';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

interface MethodListProps {
  methods: PayMethod[];
  selected: string;
  onSelect: (id: string) => void;
  /** The inputs of the selected method, shown under it. */
  children: ReactNode;
}

/** The payment method choice of /confirm-buy-point (the first method is the default). */
export function MethodList({ methods, selected, onSelect, children }: MethodListProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="pay-methods" data-testid="pay-methods">
      <legend className="pay-section__title">{t('payments.confirm.methodLegend')}</legend>
      <ul className="pay-methods__list">
        {methods.map((method) => {
          const active = method.id === selected;
          return (
            <li key={method.id} className={active ? 'pay-method is-active' : 'pay-method'} data-testid={`pay-method-${method.id}`}>
              <label className="pay-method__head">
                <input
                  type="radio"
                  name="pay_id"
                  value={method.id}
                  checked={active}
                  onChange={() => onSelect(method.id)}
                  data-testid={`pay-method-radio-${method.id}`}
                />
                <span className="pay-method__text">
                  <span className="pay-method__name">{method.name}</span>
                  {method.memo && <span className="pay-method__memo">{method.memo}</span>}
                </span>
              </label>
              {active && <div className="pay-method__panel">{children}</div>}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

interface OptionChoiceProps {
  legend: string;
  name: string;
  options: PayMethod['options'];
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  testId: string;
}

/** A choice among a method's options: the convenience-store chain (2) or the carrier (6). */
export function OptionChoice({ legend, name, options, value, onChange, error, testId }: OptionChoiceProps) {
  return (
    <fieldset className={error ? 'pay-field pay-options has-error' : 'pay-field pay-options'} data-testid={testId}>
      <legend className="pay-field__label">{legend}</legend>
      <div className="pay-options__list">
        {options.map((option) => (
          <label key={option.code} className={option.code === value ? 'pay-option is-active' : 'pay-option'}>
            <input
              type="radio"
              name={name}
              value={option.code}
              checked={option.code === value}
              onChange={() => onChange(option.code)}
              data-testid={`${testId}-${option.code}`}
            />
            <span>{option.name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
