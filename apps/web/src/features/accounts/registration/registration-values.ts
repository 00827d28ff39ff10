import { OVERSEAS_PREF_ID } from '../account-rules.ts';
import { isOverseas, MEMBER_FIELDS, prefIdPayload, zipcodePayload, type MemberValues } from '../components/member-values.ts';

/**
 * The registration form's values. All but the passwords travel in the query between the form
 * and the confirmation screen (spec sections 2 and 4); the passwords stay out of the URL (and so
 * out of the history, logs and referrers) and are kept in this tab's sessionStorage instead.
 */
export interface RegistrationValues extends MemberValues {
  referralCode: string;
  /** Optional at registration (asked before the first point purchase otherwise), YYYY-MM-DD (decision 037). */
  birth_date: string;
  /** '1' when a minor confirmed a guardian's consent; '' otherwise. */
  guardian_consent: string;
}

export interface Passwords {
  pass: string;
  confirmPass: string;
}

export const VALUE_FIELDS = [
  ...MEMBER_FIELDS,
  'referralCode',
  'birth_date',
  'guardian_consent',
] as const satisfies readonly (keyof RegistrationValues)[];

export const EMPTY_VALUES: RegistrationValues = {
  lastName: '',
  middleName: '',
  firstName: '',
  tel: '',
  mail: '',
  zipcode: '',
  pref_id: '',
  country: '',
  shiku: '',
  address: '',
  building: '',
  referralCode: '',
  birth_date: '',
  guardian_consent: '',
};

export function valuesFromQuery(params: URLSearchParams): RegistrationValues {
  const values = { ...EMPTY_VALUES };
  for (const field of VALUE_FIELDS) values[field] = params.get(field) ?? '';
  return values;
}

/** The query of the values; empty ones are left out. */
export function valuesToQuery(values: RegistrationValues): string {
  const params = new URLSearchParams();
  for (const field of VALUE_FIELDS) if (values[field] !== '') params.set(field, values[field]);
  return params.toString();
}

/**
 * The address as the current display mode enters it: Japanese mode picks a prefecture (its
 * country is empty), English mode is an overseas address with pref_id 99 and a country.
 */
export function valuesForMode(values: RegistrationValues, english: boolean): RegistrationValues {
  if (english) return { ...values, pref_id: String(OVERSEAS_PREF_ID) };
  return { ...values, pref_id: isOverseas(values) ? '' : values.pref_id, country: '' };
}

/**
 * The payload of POST /user/confirm and /user/append (spec section 3). The referral code is sent
 * empty to the confirm call and as entered to the register call (spec section 5).
 */
export function registrationPayload(values: RegistrationValues, passwords: Passwords, withReferral: boolean) {
  const { referralCode, pref_id, guardian_consent, ...rest } = values;
  return {
    ...rest,
    guardian_consent: guardian_consent === '1' ? ('1' as const) : ('0' as const),
    zipcode: zipcodePayload(values),
    pref_id: prefIdPayload(pref_id),
    pass: passwords.pass,
    confirmPass: passwords.confirmPass,
    referralCode: withReferral ? referralCode : '',
  };
}

const STORAGE_KEY = 'oripa.registration.passwords';

/** Keeps the passwords for the confirmation screen of this tab. */
export function storePasswords(passwords: Passwords): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(passwords));
  } catch {
    // Storage refused (private mode): the confirmation screen then asks to enter them again.
  }
}

export function readPasswords(): Passwords | null {
  try {
    const text = window.sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<Passwords>;
    return typeof value.pass === 'string' && typeof value.confirmPass === 'string'
      ? { pass: value.pass, confirmPass: value.confirmPass }
      : null;
  } catch {
    return null;
  }
}

/** Forgets the passwords once the member is registered. */
export function clearPasswords(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** History state of a return from the confirmation screen: the terms were already agreed to. */
export interface RegisterFormState {
  agreed?: boolean;
}
