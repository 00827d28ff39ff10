import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import {
  BUILDING_MAX,
  CITY_MAX,
  COUNTRY_MAX,
  lookupableZipcode,
  normalizeZipcode,
  OVERSEAS_ZIPCODE_MAX,
  STREET_MAX,
  ZIPCODE_INPUT_MAX,
} from '../account-rules.ts';
import { lookupZipcode, usePrefList } from '../api/account-calls.ts';
import { fieldBinder, FieldFrame, TextField } from './form-field.tsx';
import type { FormErrorsState } from '@/lib/form-state.ts';

export interface AddressValues {
  zipcode: string;
  /** '1'-'47', '99' for an overseas address, '' when none is chosen yet. */
  pref_id: string;
  country: string;
  shiku: string;
  address: string;
  building: string;
}

export type AddressField = keyof AddressValues;

interface AddressFieldsProps {
  values: AddressValues;
  onChange: (changes: Partial<AddressValues>) => void;
  /** Overseas address: free-form postal code and a country instead of the prefecture. */
  overseas: boolean;
  /** Fill prefecture and city from a 7-digit postal code (Japanese mode only, spec section 5). */
  lookup: boolean;
  /** The form's errors (`useFormState`): each field shows its first and forgets them when edited. */
  form: FormErrorsState;
}

/**
 * Postal code, prefecture (or country), city, street and building. In Japanese mode a postal
 * code of 7 digits (「100-0001」 and full-width digits too) looks up the prefecture and city
 * (POST /address/zipcode).
 */
export function AddressFields({ values, onChange, overseas, lookup, form }: AddressFieldsProps) {
  const { t } = useTranslation();
  const { errorOf, clear } = form;
  const prefs = usePrefList();
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [filled, setFilled] = useState('');
  const latest = useRef(0);

  const change = (field: AddressField, value: string) => {
    onChange({ [field]: value });
    clear(field);
  };
  const bind = fieldBinder(values, onChange, form);

  const changeZipcode = (value: string) => {
    change('zipcode', value);
    setLookupError(undefined);
    setFilled('');
    const code = lookup && !overseas ? lookupableZipcode(value) : null;
    if (!code) return;
    // Only the answer for the latest code counts: an earlier, slower answer is dropped.
    const ticket = ++latest.current;
    void lookupZipcode(code).then((found) => {
      if (ticket !== latest.current) return;
      if (found.ok) {
        onChange({ pref_id: String(found.prefId), shiku: found.city });
        clear('pref_id', 'shiku');
        setFilled(t('accounts.address.filled'));
      } else {
        setLookupError(found.message ?? t('accounts.address.notFound'));
      }
    });
  };

  return (
    <fieldset className="form-group">
      <legend className="form-group__title">{t('accounts.address.title')}</legend>
      <TextField
        label={t('accounts.fields.zipcode')}
        name="zipcode"
        required
        hint={overseas ? t('accounts.hints.zipcodeOverseas') : t('accounts.hints.zipcode')}
        inputMode={overseas ? 'text' : 'numeric'}
        autoComplete="postal-code"
        maxLength={overseas ? OVERSEAS_ZIPCODE_MAX : ZIPCODE_INPUT_MAX}
        className="text-input--short"
        value={values.zipcode}
        error={errorOf('zipcode') ?? lookupError}
        onChange={(e) => changeZipcode(e.target.value)}
        // 「100-0001」 or full-width digits are looked up as typed and kept as 1000001 once the
        // field is left (not while typing: an IME still composing must keep its text).
        onBlur={() => {
          if (!overseas && normalizeZipcode(values.zipcode) !== values.zipcode) onChange({ zipcode: normalizeZipcode(values.zipcode) });
        }}
        testId="field-zipcode"
      />
      <p className="visually-hidden" aria-live="polite">
        {filled}
      </p>
      {overseas ? (
        <TextField
          {...bind('country')}
          label={t('accounts.fields.country')}
          required
          autoComplete="country-name"
          maxLength={COUNTRY_MAX}
        />
      ) : (
        <FieldFrame
          label={t('accounts.fields.pref_id')}
          required
          error={errorOf('pref_id')}
          testId="field-pref_id"
        >
          {({ id, describedBy, invalid, required }) => (
            <select
              id={id}
              aria-required={required || undefined}
              name="pref_id"
              className="select input-box form-select"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              autoComplete="address-level1"
              value={values.pref_id}
              onChange={(e) => change('pref_id', e.target.value)}
            >
              <option value="">{t('accounts.address.choosePref')}</option>
              {/* A stored prefecture stays selectable while the list loads. */}
              {values.pref_id !== '' && prefs.isPending && (
                <option value={values.pref_id}>{t('common.loading')}</option>
              )}
              {prefs.data?.map((pref) => (
                <option key={pref.id} value={String(pref.id)}>
                  {pref.name}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      )}
      <TextField
        {...bind('shiku')}
        label={t('accounts.fields.shiku')}
        required
        autoComplete="address-level2"
        maxLength={CITY_MAX}
      />
      <TextField
        {...bind('address')}
        label={t('accounts.fields.address')}
        required
        autoComplete="address-line1"
        maxLength={STREET_MAX}
      />
      <TextField
        {...bind('building')}
        label={t('accounts.fields.building')}
        note={t('accounts.notes.building')}
        autoComplete="address-line2"
        maxLength={BUILDING_MAX}
      />
    </fieldset>
  );
}
