import { describe, expect, it } from 'vitest';
import {
  changeMemberPayload,
  changePasswordPayload,
  checkSmsPayload,
  loginPayload,
  registrationPayload,
  type RegistrationInput,
} from './accounts.ts';
import { zipcodePayload } from './address.ts';

/** field → message codes of a failed parse. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
}

const valid: RegistrationInput = {
  lastName: '山田',
  firstName: '花子',
  tel: '09012345678',
  mail: 'hanako@example.com',
  zipcode: '1500002',
  pref_id: 13,
  shiku: '渋谷区',
  address: '1-1',
  pass: 'abc123',
  confirmPass: 'abc123',
};

describe('registrationPayload', () => {
  it('normalizes what it accepts', () => {
    const parsed = registrationPayload.parse({
      ...valid,
      lastName: ' 山田 ',
      mail: ' Hanako@Example.COM ',
      tel: '０９０１２３４５６７８',
      pref_id: '13',
      country: 'ignored for Japan is kept here, dropped by the server',
      referralCode: ' abcd efgh ',
    });
    expect(parsed).toMatchObject({ lastName: '山田', mail: 'hanako@example.com', tel: '09012345678', pref_id: 13, middleName: '', building: '', referralCode: 'ABCDEFGH' });
  });

  it('reports required fields with the catalogue code, the prefecture with its own', () => {
    expect(issues(registrationPayload.safeParse({ ...valid, lastName: '', shiku: ' ', pref_id: '' }))).toEqual({
      lastName: ['common.required'],
      shiku: ['common.required'],
      pref_id: ['accounts.pref_required'],
    });
  });

  it('applies the Japanese postal code and phone rules for pref_id 1-47', () => {
    expect(issues(registrationPayload.safeParse({ ...valid, zipcode: '150-0002', tel: '090-1234-5678' }))).toEqual({
      zipcode: ['address.zipcode_format'],
      tel: ['accounts.tel_format'],
    });
  });

  it('takes any postal code and needs a country for pref_id 99', () => {
    const overseas = { ...valid, pref_id: 99, zipcode: '10115', tel: '4930123456' };
    expect(issues(registrationPayload.safeParse(overseas))).toEqual({ country: ['accounts.country_required'] });
    expect(registrationPayload.safeParse({ ...overseas, country: 'Germany' }).success).toBe(true);
  });

  it('checks the password rule and the confirmation on both fields', () => {
    expect(issues(registrationPayload.safeParse({ ...valid, pass: 'abc', confirmPass: 'abc' }))).toEqual({ pass: ['accounts.password_format'] });
    expect(issues(registrationPayload.safeParse({ ...valid, confirmPass: 'abc124' }))).toEqual({
      pass: ['accounts.password_mismatch'],
      confirmPass: ['accounts.password_mismatch'],
    });
  });

  it('refuses a referral code of the wrong shape', () => {
    expect(issues(registrationPayload.safeParse({ ...valid, referralCode: 'AB01' }))).toEqual({ referralCode: ['referrals.code_not_found'] });
  });

  it('drops unknown fields such as ids', () => {
    expect(registrationPayload.parse({ ...valid, id: 7, user_id: 7 })).not.toHaveProperty('id');
  });
});

describe('other payloads', () => {
  it('POST /user/change has the member fields without passwords', () => {
    const { pass: _p, confirmPass: _c, ...info } = valid;
    expect(changeMemberPayload.safeParse(info).success).toBe(true);
    expect(changeMemberPayload.parse({ ...info, user_id: 9 })).not.toHaveProperty('user_id');
  });

  it('POST /user/login defaults save_cookie to 0 and accepts only 0 or 1', () => {
    expect(loginPayload.parse({ mail: 'A@B.jp', pass: 'x' })).toEqual({ mail: 'a@b.jp', pass: 'x', save_cookie: '0' });
    expect(loginPayload.safeParse({ mail: 'a@b.jp', pass: 'x', save_cookie: 'yes' }).success).toBe(false);
  });

  it('POST /user/change_password needs matching 6-20 alphanumerics', () => {
    expect(changePasswordPayload.safeParse({ pass: 'abcdef', confirmPass: 'abcdef' }).success).toBe(true);
    expect(issues(changePasswordPayload.safeParse({ pass: 'abcdef', confirmPass: '' }))).toEqual({ confirmPass: ['common.required'] });
  });

  it('SMS codes and postal codes', () => {
    expect(checkSmsPayload.parse({ sms_code: '０１２３４５' }).sms_code).toBe('012345');
    expect(issues(checkSmsPayload.safeParse({ sms_code: '12345' }))).toEqual({ sms_code: ['accounts.sms_code_format'] });
    expect(zipcodePayload.parse({ zipcode: '150ー0002' }).zipcode).toBe('1500002');
  });
});
