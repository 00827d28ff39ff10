import { useTranslation } from 'react-i18next';
import { NAME_MAX } from '../account-rules.ts';
import { TextField } from './form-field.tsx';

export interface NameValues {
  lastName: string;
  middleName: string;
  firstName: string;
}

interface NameFieldsProps {
  values: NameValues;
  onChange: (changes: Partial<NameValues>) => void;
  /** The middle name is asked in English mode (and shown whenever one is stored). */
  withMiddleName: boolean;
  errorOf: (field: string) => string | undefined;
  clear: (...fields: string[]) => void;
}

/** Last, (middle,) first name, side by side on wide screens. */
export function NameFields({ values, onChange, withMiddleName, errorOf, clear }: NameFieldsProps) {
  const { t } = useTranslation();
  const field = (name: keyof NameValues, autoComplete: string, required: boolean) => (
    <TextField
      label={t(`accounts.fields.${name}`)}
      name={name}
      required={required}
      autoComplete={autoComplete}
      maxLength={NAME_MAX}
      value={values[name]}
      error={errorOf(name)}
      onChange={(e) => {
        onChange({ [name]: e.target.value });
        clear(name);
      }}
      testId={`field-${name}`}
    />
  );
  const middle = withMiddleName || values.middleName !== '';
  return (
    <fieldset className="form-group">
      <legend className="form-group__title">{t('accounts.fields.name')}</legend>
      <div className={middle ? 'form-columns form-columns--3' : 'form-columns'}>
        {field('lastName', 'family-name', true)}
        {middle && field('middleName', 'additional-name', false)}
        {field('firstName', 'given-name', true)}
      </div>
    </fieldset>
  );
}
