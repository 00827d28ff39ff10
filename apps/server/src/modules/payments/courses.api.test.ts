import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { pointCourses } from '../../db/schema/catalog.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { buyer, createTestCourse } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { assertProvidersConfigured } from './providers.ts';

let shop: TestShop;
let ids: number[];
let hidden: number;

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  // Twelve active courses (two pages) and one the operator switched off.
  await db.insert(pointCourses).values(
    Array.from({ length: 12 }, (_, i) => ({ point: (i + 1) * 1000, price: Math.round((i + 1) * 1000 * 1.1), memo: i === 2 ? '人気No.1' : '', sort: i })),
  );
  ids = (await db.select({ id: pointCourses.id }).from(pointCourses)).map((r) => r.id);
  hidden = await createTestCourse(db, { point: 777, price: 855, active: false });
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/user/point_price/{page}', () => {
  it('lists active courses in order, every field a string, the price with 10% tax and its tax', async () => {
    const client = shop.client();
    const first = await client.get('/user/point_price/1');
    expect(first.body.state).toBe(200);
    const list = first.body.list as Record<string, string>[];
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({ id: String(ids[0]), point: '1000', price: '1100', tax: '100', memo: '', bonus_point: '0', name_en: '' });
    expect(list[2]).toMatchObject({ point: '3000', price: '3300', tax: '300', memo: '人気No.1' });
    expect(first.body.page).toEqual({ page: 1, all_page: 2, pages: [1, 2] });
    const second = await client.get('/user/point_price/2');
    expect((second.body.list as unknown[]).map((c) => (c as { point: string }).point)).toEqual(['11000', '12000']);
    expect((second.body.list as { id: string }[]).some((c) => c.id === String(hidden))).toBe(false);
  });

  it('refuses page 0 and non-numbers', async () => {
    const client = shop.client();
    expect((await client.get('/user/point_price/0')).body.state).toBe(400);
    expect((await client.get('/user/point_price/x')).body.state).toBe(400);
  });
});

describe('GET /api/user/point_price/detail/{id}', () => {
  it('shows one course and remembers it for the payment calls that name none', async () => {
    const { client } = await buyer(shop, ids[4]!);
    const detail = await client.get(`/user/point_price/detail/${ids[4]}`);
    expect(detail.body).toMatchObject({ state: 200, point_price: { id: String(ids[4]), point: '5000', price: '5500', tax: '500' } });
    expect((await client.get('/user/pay_style')).body).toMatchObject({ point: '5000', price: '5500', tax: '500' });
    expect((await client.get(`/user/pay_style?point_price_id=${ids[0]}`)).body).toMatchObject({ point: '1000', price: '1100' });
  });

  it('answers 404 for an inactive or unknown course', async () => {
    const client = shop.client();
    expect((await client.get(`/user/point_price/detail/${hidden}`)).body.state).toBe(404);
    expect((await client.get('/user/point_price/detail/99999999')).body.errors.point_price?.[0]).toBe('ポイントコースが見つかりません。');
  });

  it('shows a visitor the course without remembering anything', async () => {
    const client = shop.client();
    const detail = await client.get(`/user/point_price/detail/${ids[1]}`);
    expect(detail.body).toMatchObject({ state: 200, point_price: { point: '2000' } });
    expect((await client.get('/user/pay_style')).body.state).toBe(401);
  });
});

describe('GET /api/user/pay_style', () => {
  it('lists every method with its name and memo, the first being the default, with chain and carrier choices', async () => {
    const { client } = await buyer(shop, ids[0]!);
    const res = await client.get('/user/pay_style');
    const methods = res.body.methods as { id: string; name: string; memo: string; options: { code: string; name: string }[] }[];
    expect(methods.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5', '6', '8', '12', '9']);
    expect(methods[0]).toMatchObject({ id: '1', name: 'クレジットカード', options: [] });
    expect(methods.find((m) => m.id === '2')?.options.map((o) => o.code)).toEqual(['econ', 'sej', 'other']);
    expect(methods.find((m) => m.id === '6')?.options).toEqual([
      { code: 'docomo', name: 'ドコモ払い' },
      { code: 'au', name: 'auかんたん決済' },
      { code: 'softbank', name: 'ソフトバンクまとめて支払い' },
    ]);
    expect(methods.every((m) => m.name !== '' && m.memo !== '')).toBe(true);
    client.setLang('en');
    const en = await client.get('/user/pay_style');
    expect((en.body.methods as { name: string }[]).map((m) => m.name)).toEqual([
      'Credit card',
      'Convenience store',
      'Amazon Pay',
      'Bank transfer',
      'PayPal',
      'Carrier billing',
      'Mobile payment',
      'Mobile wallet',
      'Remittance service (Payge)',
    ]);
  });

  it('asks for a course when none was opened', async () => {
    const userId = await createTestMember(shop.database.db);
    const client = shop.client();
    await signIn(shop.database.db, client, userId);
    const res = await client.get('/user/pay_style');
    expect(res.body).toMatchObject({ state: 400, errors: { point_price: ['ポイントコースを選択してください。'] } });
  });
});

describe('PAYMENT_METHODS', () => {
  it('offers only the configured methods, in order, and refuses the others and the unnamed ids 7 and 9', async () => {
    const limited = await openTestShop({ PAYMENT_METHODS: '4,1' });
    try {
      const course = await createTestCourse(limited.database.db);
      const { client } = await buyer(limited, course);
      expect(((await client.get('/user/pay_style')).body.methods as { id: string }[]).map((m) => m.id)).toEqual(['4', '1']);
      for (const pay_id of [2, 7, 9, 12, 'x']) {
        const res = await client.post('/user/point/buy', { pay_id, combini_code: 'sej' });
        expect(res.body.state, String(pay_id)).toBe(400);
        expect(res.body.errors.pay_id?.[0]).toBe('このお支払い方法は現在ご利用いただけません。');
      }
      expect((await client.get('/user/button_signature')).body.state).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it('refuses to start with an unknown provider or a bad method list', () => {
    const db = shop.database.db;
    expect(() => assertProvidersConfigured(db, testConfig({ PAYMENT_PROVIDERS: '1:nobody' }))).toThrow(/unknown provider "nobody"/);
    expect(() => testConfig({ PAYMENT_PROVIDERS: 'card=gmo' })).toThrow(/PAYMENT_PROVIDERS/);
    expect(() => testConfig({ PAYMENT_METHODS: '1,7' })).toThrow(/PAYMENT_METHODS/);
    expect(() => assertProvidersConfigured(db, testConfig({ NODE_ENV: 'production' }))).toThrow(/PAYMENT_ALLOW_SANDBOX=1/);
    expect(() => assertProvidersConfigured(db, testConfig({ NODE_ENV: 'production', PAYMENT_ALLOW_SANDBOX: '1' }))).not.toThrow();
    expect(testConfig({ PAYMENT_PROVIDERS: '1:sandbox' }).PAYMENT_PROVIDERS).toEqual({ '1': 'sandbox', '*': 'sandbox' });
  });
});
