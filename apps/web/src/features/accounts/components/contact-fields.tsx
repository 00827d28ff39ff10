import { useTranslation } from '@/lib/use-translation.ts';
import { MAIL_MAX, TEL_MAX_JP, TEL_MAX_OVERSEAS } from '../account-rules.ts';
import { TextField, type fieldBinder, type TextFieldProps } from './form-field.tsx';

/** The mail address input of the account forms: its label, type, keyboard and length. */
export function MailField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode' | 'maxLength'>) {
  const { t } = useTranslation();
  return <TextField {...props} label={t('accounts.fields.mail')} type="email" inputMode="email" maxLength={MAIL_MAX} />;
}

type Binding = ReturnType<ReturnType<typeof fieldBinder<string>>>;

interface ContactFieldsProps {
  /** The form's binder (`fieldBinder`) for tel and mail. */
  bind: (field: 'tel' | 'mail') => Binding;
  /** An overseas number: its longer length and its hint. */
  overseas: boolean;
  /** What the form adds to or changes on the phone input (the SMS check of change-member). */
  tel?: Partial<TextFieldProps>;
}

/** Phone and mail, as registration and change-member ask for them. */
export function ContactFields({ bind, overseas, tel }: ContactFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-group">
      <legend className="form-group__title">{t('accounts.register.contact')}</legend>
      <TextField
        {...bind('tel')}
        label={t('accounts.fields.tel')}
        required
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={overseas ? TEL_MAX_OVERSEAS : TEL_MAX_JP}
        hint={overseas ? t('accounts.hints.telOverseas') : t('accounts.hints.tel')}
        {...tel}
      />
      <MailField {...bind('mail')} required autoComplete="email" note={t('accounts.notes.mail')} />
    </fieldset>
  );
}
