import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function lookup(zipcode: unknown, lang: 'ja' | 'en' = 'ja') {
  const client = shop.client();
  client.setLang(lang);
  await client.get('/user/point');
  return client.post('/address/zipcode', { zipcode });
}

describe('POST /api/address/zipcode', () => {
  it('answers the prefecture id, city and town of a postal code', async () => {
    const res = await lookup('1500002');
    expect(res.body).toEqual({
      state: 200,
      csrf: expect.any(String),
      errors: {},
      result: [{ prefcode: 13, address2: '渋谷区', address3: '渋谷' }],
    });
  });

  it('gives a code that covers a whole city an empty town', async () => {
    expect((await lookup('0600000')).body.result).toEqual([{ prefcode: 1, address2: '札幌市中央区', address3: '' }]);
  });

  it('lists every address of a code, even in two prefectures', async () => {
    expect((await lookup('4980000')).body.result).toEqual([
      { prefcode: 23, address2: '弥富市', address3: '' },
      { prefcode: 24, address2: '桑名郡木曽岬町', address3: '' },
    ]);
  });

  it('accepts a hyphen and full-width digits', async () => {
    expect((await lookup('９００－０００１')).body.result).toEqual([{ prefcode: 47, address2: '那覇市', address3: '港町' }]);
    expect((await lookup('150-0002')).body.state).toBe(200);
  });

  it('answers an unknown code with state 404 under zipcode', async () => {
    const res = await lookup('0000000');
    expect(res.body).toMatchObject({ state: 404, errors: { zipcode: ['該当する住所が見つかりませんでした。郵便番号をご確認ください。'] } });
    expect(res.body).not.toHaveProperty('result');
    expect((await lookup('0000000', 'en')).body.errors.zipcode).toEqual(['No address was found for this postal code. Please check the code.']);
  });

  it('refuses anything but 7 digits', async () => {
    for (const zipcode of ['', '123456', '12345678', 'abcdefg', 1500002]) {
      const res = await lookup(zipcode);
      expect(res.body.state, String(zipcode)).toBe(400);
      expect(res.body.errors.zipcode?.[0], String(zipcode)).toMatch(/入力してください|郵便番号はハイフンなしの半角数字7桁/);
    }
  });
});
