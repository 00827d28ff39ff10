import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { ranks } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { registrationInput, testMail } from '../../testing/accounts.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function post(path: string, payload: unknown, lang: 'ja' | 'en' = 'ja') {
  const client = shop.client();
  client.setLang(lang);
  await client.get('/user/point');
  return client.post(path, payload);
}

async function memberCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from users`);
  return row?.n ?? 0;
}

describe('POST /api/user/confirm', () => {
  it('accepts a complete Japanese registration and writes nothing', async () => {
    const before = await memberCount();
    const res = await post('/user/confirm', registrationInput());
    expect(res.body).toMatchObject({ state: 200, errors: {} });
    expect(await memberCount()).toBe(before);
  });

  it('asks for every required field under its own name, in Japanese', async () => {
    const res = await post('/user/confirm', {});
    expect(res.body.state).toBe(400);
    const required = '入力してください。';
    for (const field of ['lastName', 'firstName', 'tel', 'mail', 'zipcode', 'shiku', 'address', 'pass', 'confirmPass']) {
      expect(res.body.errors[field]?.[0], field).toBe(required);
    }
    expect(res.body.errors.pref_id).toEqual(['都道府県を選択してください。']);
  });

  it('answers in English for an English-mode client', async () => {
    const res = await post('/user/confirm', registrationInput({ lastName: '' }), 'en');
    expect(res.body.errors.lastName).toEqual(['This field is required.']);
  });

  it('refuses names longer than 50 characters', async () => {
    const long = 'あ'.repeat(51);
    const res = await post('/user/confirm', registrationInput({ lastName: long, firstName: long, middleName: long }));
    for (const field of ['lastName', 'firstName', 'middleName']) {
      expect(res.body.errors[field]).toEqual(['50文字以内で入力してください。']);
    }
  });

  it('refuses a postal code that is not 7 digits in Japanese mode', async () => {
    for (const zipcode of ['150-0002', '150002', 'abcdefg', '15000021']) {
      const res = await post('/user/confirm', registrationInput({ zipcode }));
      expect(res.body.errors.zipcode, zipcode).toEqual(['郵便番号はハイフンなしの半角数字7桁で入力してください。']);
    }
  });

  it('accepts full-width digits in the postal code and phone', async () => {
    const res = await post('/user/confirm', registrationInput({ zipcode: '１５００００２', tel: '０９０１２３４５６７８' }));
    expect(res.body.state).toBe(200);
  });

  it('takes a free-form postal code and requires the country for an overseas address (pref_id 99)', async () => {
    const overseas = { pref_id: 99, zipcode: 'SW1A 1AA', tel: '447911123456', shiku: 'London', address: '10 Downing St' };
    const missing = await post('/user/confirm', registrationInput({ ...overseas, country: '' }), 'en');
    expect(missing.body.errors).toEqual({ country: ['Enter your country.'] });
    const ok = await post('/user/confirm', registrationInput({ ...overseas, country: 'United Kingdom' }), 'en');
    expect(ok.body.state).toBe(200);
  });

  it('refuses a prefecture outside 1-47 and 99', async () => {
    for (const pref_id of [0, 48, 98, 'x', '']) {
      const res = await post('/user/confirm', registrationInput({ pref_id: pref_id as number }));
      expect(res.body.errors.pref_id, String(pref_id)).toEqual(['都道府県を選択してください。']);
    }
    expect((await post('/user/confirm', registrationInput({ pref_id: '13' as unknown as number }))).body.state).toBe(200);
  });

  it('refuses a phone number with hyphens or of the wrong length', async () => {
    for (const tel of ['090-1234-5678', '0901234567890', '9012345678', '+819012345678']) {
      const res = await post('/user/confirm', registrationInput({ tel }));
      expect(res.body.errors.tel, tel).toEqual(['電話番号はハイフンなしの半角数字（10〜11桁）で入力してください。']);
    }
  });

  it('refuses an overseas phone number that is not 6-15 digits', async () => {
    const res = await post('/user/confirm', registrationInput({ pref_id: 99, country: 'USA', tel: '+1 555 1234' }), 'en');
    expect(res.body.errors.tel).toEqual(['Enter the phone number in digits only (6 to 15 digits, without + or hyphens).']);
  });

  it('refuses a malformed or too long mail address', async () => {
    for (const mail of ['taro', 'taro@', '@example.com', 'taro@example', 'ta ro@example.com']) {
      const res = await post('/user/confirm', registrationInput({ mail }));
      expect(res.body.errors.mail, mail).toEqual(['メールアドレスの形式が正しくありません。']);
    }
    const long = `${'a'.repeat(250)}@example.com`;
    expect((await post('/user/confirm', registrationInput({ mail: long }))).body.errors.mail).toEqual(['254文字以内で入力してください。']);
  });

  it('accepts an older Japanese carrier address with consecutive dots', async () => {
    expect((await post('/user/confirm', registrationInput({ mail: `taro..${Date.now()}.@docomo.ne.jp` }))).body.state).toBe(200);
  });

  it('refuses a password that is not 6-20 half-width letters and digits', async () => {
    for (const pass of ['abc12', 'a'.repeat(21), 'abc 123', 'パスワード123', 'abc-123!']) {
      const res = await post('/user/confirm', registrationInput({ pass, confirmPass: pass }));
      expect(res.body.errors.pass, pass).toEqual(['パスワードは半角英数字6〜20文字で入力してください。']);
    }
    for (const pass of ['abc123', 'A'.repeat(20)]) {
      expect((await post('/user/confirm', registrationInput({ pass, confirmPass: pass }))).body.state, pass).toBe(200);
    }
  });

  it('shows a password mismatch under both pass and confirmPass', async () => {
    const res = await post('/user/confirm', registrationInput({ pass: 'secret123', confirmPass: 'secret124' }));
    const mismatch = ['パスワードと確認用パスワードが一致しません。'];
    expect(res.body.errors).toEqual({ pass: mismatch, confirmPass: mismatch });
    const en = await post('/user/confirm', registrationInput({ pass: 'secret123', confirmPass: 'secret124' }), 'en');
    expect(en.body.errors.confirmPass).toEqual(['The password and the confirmation password do not match.']);
  });

  it('refuses an address that is already registered, in any case', async () => {
    const mail = testMail('taken');
    expect((await post('/user/append', registrationInput({ mail }))).body.state).toBe(200);
    const res = await post('/user/confirm', registrationInput({ mail: mail.toUpperCase() }));
    expect(res.body).toMatchObject({ state: 400, errors: { mail: ['このメールアドレスは既に登録されています。'] } });
  });

  it('reports every problem at once', async () => {
    const res = await post('/user/confirm', registrationInput({ lastName: '', tel: 'abc', pass: 'x', confirmPass: 'y' }));
    expect(Object.keys(res.body.errors).sort()).toEqual(['confirmPass', 'lastName', 'pass', 'tel']);
  });
});

describe('POST /api/user/append', () => {
  it('creates the member with a hashed password, a referral code and the lowest rank, and logs them in', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const visitorCookie = client.cookies.get(SESSION_COOKIE);
    const input = registrationInput({ mail: testMail('New.Member').toUpperCase(), lastName: ' 山田 ' });
    const res = await client.post('/user/append', input);
    expect(res.body).toMatchObject({ state: 200, errors: {} });

    const [row] = await shop.database.db.select().from(users).where(eq(users.mail, String(input.mail).toLowerCase()));
    expect(row).toMatchObject({ lastName: '山田', firstName: '花子', prefId: 13, country: '', endSms: 0, lang: 'ja', pointBalance: 0 });
    expect(row?.passHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(row?.passHash ?? '', 'secret123')).toBe(true);
    expect(row?.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const [lowest] = await shop.database.db.select().from(ranks).orderBy(ranks.sort).limit(1);
    expect(row?.rankId).toBe(lowest?.id);

    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(visitorCookie);
    expect((await client.get('/user/point')).body.is_login).toBe('1');
  });

  it('remembers the language the member registered in', async () => {
    const client = shop.client();
    client.setLang('en');
    await client.get('/user/point');
    const input = registrationInput({ pref_id: 99, country: 'France', zipcode: '75001', tel: '33612345678' });
    expect((await client.post('/user/append', input)).body.state).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.mail, String(input.mail)));
    expect(row).toMatchObject({ lang: 'en', prefId: 99, country: 'France', zipcode: '75001' });
  });

  it('validates again: a bad payload creates nobody', async () => {
    const before = await memberCount();
    const res = await post('/user/append', registrationInput({ pass: 'short' }));
    expect(res.body.state).toBe(400);
    expect(await memberCount()).toBe(before);
  });

  it('refuses the second registration with the same address', async () => {
    const mail = testMail('twice');
    expect((await post('/user/append', registrationInput({ mail }))).body.state).toBe(200);
    const second = await post('/user/append', registrationInput({ mail }));
    expect(second.body).toMatchObject({ state: 400, errors: { mail: ['このメールアドレスは既に登録されています。'] } });
  });

  it('lets exactly one of concurrent registrations with one address through, never a 500', async () => {
    const mail = testMail('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/user/append', registrationInput({ mail }))));
    const states = results.map((r) => r.body.state).sort();
    expect(states).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.body.state === 400)) {
      expect(r.body.errors).toEqual({ mail: ['このメールアドレスは既に登録されています。'] });
    }
    const rows = await shop.database.db.select().from(users).where(eq(users.mail, mail));
    expect(rows).toHaveLength(1);
  });

  it('ignores fields that are not part of the payload', async () => {
    const input = { ...registrationInput(), id: 1, end_sms: 1, point_balance: 99999, rank_id: 99 };
    const res = await post('/user/append', input);
    expect(res.body.state).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.mail, input.mail as string));
    expect(row).toMatchObject({ endSms: 0, pointBalance: 0 });
    expect(row?.id).not.toBe(1);
  });
});
