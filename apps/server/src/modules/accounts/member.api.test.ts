import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ranks } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { givePurchase, markVerified, registerThroughApi, testMail, testTel } from '../../testing/accounts.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function member(lang: 'ja' | 'en' = 'ja') {
  const client = shop.client();
  client.setLang(lang);
  const registered = await registerThroughApi(shop.database.db, client);
  return { ...registered, client };
}

/** A POST /user/change payload from the member's current values. */
function changeOf(input: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const { pass: _p, confirmPass: _c, referralCode: _r, ...rest } = input;
  return { ...rest, ...overrides };
}

async function row(userId: number) {
  const [r] = await shop.database.db.select().from(users).where(eq(users.id, userId));
  return r;
}

describe('GET /api/user/detail', () => {
  it('shows the member their own information with the fields of the spec', async () => {
    const m = await member();
    const res = await m.client.get('/user/detail');
    const [lowest] = await shop.database.db.select().from(ranks).orderBy(ranks.sort).limit(1);
    expect(res.body).toMatchObject({
      state: 200,
      lastName: '山田',
      middleName: '',
      firstName: '花子',
      tel: m.input.tel,
      mail: m.input.mail,
      zipcode: '1500002',
      pref_id: 13,
      pref_name: '東京都',
      country: '',
      shiku: '渋谷区渋谷',
      address: '2-21-1',
      building: 'ヒカリエ10階',
      availablePoint: 0,
      end_sms: 0,
      referral_code: m.row.referralCode,
      rank_name: lowest?.name,
      rank_current_price: 0,
      is_rank_maintained: false,
      next_month: lowest?.code,
      next_month_name: lowest?.name,
    });
    expect(typeof res.body.rank_coin).toBe('string');
    expect(res.body).not.toHaveProperty('passHash');
    expect(res.body).not.toHaveProperty('pass_hash');
  });

  it('counts this month’s payments toward the rank and names the next rank', async () => {
    const m = await member('en');
    const levels = await shop.database.db.select().from(ranks).orderBy(ranks.sort);
    const second = levels[1];
    if (!second) throw new Error('the reference data has fewer than two ranks');
    await givePurchase(shop.database.db, m.userId, second.thresholdPrice);
    const res = await m.client.get('/user/detail');
    expect(res.body).toMatchObject({
      availablePoint: second.thresholdPrice,
      rank_name: levels[0]?.nameEn,
      rank_max_price: second.thresholdPrice,
      rank_current_price: second.thresholdPrice,
      next_month: second.code,
      next_month_name: second.nameEn,
    });
  });

  it('names an overseas address’s prefecture as overseas', async () => {
    const client = shop.client();
    client.setLang('en');
    await registerThroughApi(shop.database.db, client, { pref_id: 99, country: 'Canada', zipcode: 'K1A 0B1', tel: '16135550123' });
    expect((await client.get('/user/detail')).body).toMatchObject({ pref_id: 99, pref_name: 'Overseas', country: 'Canada', zipcode: 'K1A 0B1' });
  });

  it('is for members only', async () => {
    const client = shop.client();
    const res = await client.get('/user/detail');
    expect(res.body).toMatchObject({ state: 401, errors: { user_id: ['ログインしてください。'] } });
    expect(res.body).not.toHaveProperty('mail');
  });

  it('has no way to name another member: an id in the query is ignored', async () => {
    const a = await member();
    const b = await member();
    for (const path of [`/user/detail?id=${b.userId}`, `/user/detail?user_id=${b.userId}`]) {
      const res = await a.client.get(path);
      expect(res.body.mail).toBe(a.input.mail);
    }
    expect((await a.client.get(`/user/detail/${b.userId}`)).body.state).toBe(404);
  });
});

describe('POST /api/user/change', () => {
  it('updates the member’s own information', async () => {
    const m = await member();
    const mail = testMail('moved');
    const payload = changeOf(m.input, {
      lastName: '佐藤',
      middleName: 'M',
      mail: mail.toUpperCase(),
      zipcode: '0600001',
      pref_id: 1,
      shiku: '札幌市中央区北一条西',
      address: '1-1',
      building: '',
    });
    const res = await m.client.post('/user/change', payload);
    expect(res.body).toMatchObject({ state: 200, errors: {} });
    expect(await row(m.userId)).toMatchObject({ lastName: '佐藤', middleName: 'M', mail, zipcode: '0600001', prefId: 1, building: '' });
    expect((await m.client.get('/user/detail')).body).toMatchObject({ pref_name: '北海道', mail });
  });

  it('gives per-field errors for every invalid field', async () => {
    const m = await member();
    const res = await m.client.post('/user/change', {
      lastName: '',
      middleName: 'x'.repeat(51),
      firstName: '',
      tel: '03-1234-5678',
      mail: 'bad',
      zipcode: '123',
      pref_id: 13,
      country: '',
      shiku: '',
      address: '',
      building: 'b'.repeat(101),
    });
    expect(res.body.state).toBe(400);
    expect(res.body.errors).toEqual({
      lastName: ['入力してください。'],
      middleName: ['50文字以内で入力してください。'],
      firstName: ['入力してください。'],
      tel: ['電話番号はハイフンなしの半角数字（10〜11桁）で入力してください。'],
      mail: ['メールアドレスの形式が正しくありません。'],
      zipcode: ['郵便番号はハイフンなしの半角数字7桁で入力してください。'],
      shiku: ['入力してください。'],
      address: ['入力してください。'],
      building: ['100文字以内で入力してください。'],
    });
    expect(await row(m.userId)).toMatchObject({ lastName: '山田' });
  });

  it('refuses another member’s address under mail', async () => {
    const a = await member();
    const b = await member();
    const res = await a.client.post('/user/change', changeOf(a.input, { mail: b.input.mail }));
    expect(res.body).toMatchObject({ state: 400, errors: { mail: ['このメールアドレスは既に登録されています。'] } });
    // Keeping one's own address is fine.
    expect((await a.client.post('/user/change', changeOf(a.input))).body.state).toBe(200);
  });

  it('changes only the session’s member: an id or user_id in the payload is ignored', async () => {
    const a = await member();
    const b = await member();
    const res = await a.client.post('/user/change', changeOf(a.input, { id: b.userId, user_id: b.userId, lastName: '攻撃' }));
    expect(res.body.state).toBe(200);
    expect(await row(a.userId)).toMatchObject({ lastName: '攻撃' });
    expect(await row(b.userId)).toMatchObject({ lastName: '山田', mail: b.input.mail });
  });

  it('ignores fields outside the payload (balances, verification)', async () => {
    const m = await member();
    await m.client.post('/user/change', changeOf(m.input, { end_sms: 1, point_balance: 99999, availablePoint: 99999 }));
    expect(await row(m.userId)).toMatchObject({ endSms: 0, pointBalance: 0 });
  });

  it('refuses a different phone after SMS verification, under tel; the same phone is fine', async () => {
    const m = await member();
    await markVerified(shop.database.db, m.userId);
    const verified = (await row(m.userId))?.tel;
    const res = await m.client.post('/user/change', changeOf(m.input, { tel: testTel() }));
    expect(res.body).toMatchObject({ state: 400, errors: { tel: ['SMS認証済みの電話番号は変更できません。'] } });
    expect((await row(m.userId))?.tel).toBe(verified);
    expect((await m.client.post('/user/change', changeOf(m.input, { tel: verified, lastName: '鈴木' }))).body.state).toBe(200);
    expect(await row(m.userId)).toMatchObject({ lastName: '鈴木', tel: verified });
  });

  it('is for members only', async () => {
    const client = shop.client();
    await client.get('/user/point');
    expect((await client.post('/user/change', {})).body.state).toBe(401);
  });
});
