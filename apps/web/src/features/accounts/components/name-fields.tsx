import { useTranslation } from '@/lib/use-translation.ts';
import { NAME_MAX } from '../account-rules.ts';
import { fieldBinder, TextField } from './form-field.tsx';
import type { FormErrorsState } from '@/lib/form-state.ts';

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
  /** The form's errors (`useFormState`): each field shows its first and forgets them when edited. */
  form: FormErrorsState;
}

/** Last, (middle,) first name, side by side on wide screens. */
export function NameFields({ values, onChange, withMiddleName, form }: NameFieldsProps) {
  const { t } = useTranslation();
  const bind = fieldBinder(values, onChange, form);
  const field = (name: keyof NameValues, autoComplete: string, required: boolean) => (
    <TextField
      {...bind(name)}
      label={t(`accounts.fields.${name}`)}
      required={required}
      autoComplete={autoComplete}
      maxLength={NAME_MAX}
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
