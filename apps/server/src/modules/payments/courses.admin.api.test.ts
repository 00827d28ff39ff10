import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { buyer, cardToken, paymentRow, pointState } from '../../testing/payments.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/** Point courses in the console (issue 12 item 2) and the bonus the shop credits (issue 15 item 4). */

const t = useConsoleShop('owner', 'staff', 'support');
const { db } = t;

/** A convenience-store order: it waits for the payment, so its amounts can be looked at before credit. */
const CONVENIENCE_STORE_PAYMENT = { pay_id: 2, combini_code: 'econ' };

const course = { point: 1000, bonus_point: 100, price: 1100, memo: 'ボーナス付き', name_en: 'With bonus', sort: 5, published: true };

async function createCourse(values: Partial<typeof course> = {}): Promise<number> {
  const res = await t.staff.post('/admin/courses/save', { ...course, ...values });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return (res.body.course as { id: number }).id;
}

describe('console point courses: who may', () => {
  it('refuses visitors, members and support; owner and staff may', async () => {
    const visitor = t.shop.client();
    expect((await visitor.get('/admin/courses')).body.state).toBe(STATE.loginRequired);
    const member = t.shop.client();
    await signIn(db(), member, await createTestMember(db()));
    expect((await member.get('/admin/courses')).body.state).toBe(STATE.loginRequired);
    expect((await t.support.get('/admin/courses')).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/courses/save', course)).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/courses/retire', { course_id: 1 })).body.state).toBe(STATE.forbidden);
    expect((await t.owner.get('/admin/courses')).body.state).toBe(STATE.ok);
    expect((await t.staff.get('/admin/courses')).body.state).toBe(STATE.ok);
  });
});

describe('POST /api/admin/courses/save', () => {
  it('refuses bad input with a message under each field, in the operator’s language', async () => {
    const bad = await t.owner.post('/admin/courses/save', { point: 0, bonus_point: -1, price: '1e3', memo: 'x'.repeat(41), name_en: 'a\u0000', sort: 'first', published: 'yes' });
    expect(bad.body.state).toBe(STATE.validation);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['bonus_point', 'memo', 'name_en', 'point', 'price', 'published', 'sort']);
    expect(bad.body.errors.point?.[0]).toContain('10,000,000');
    t.owner.setLang('en');
    const en = await t.owner.post('/admin/courses/save', { ...course, price: 0 });
    t.owner.setLang('ja');
    expect(en.body.errors.price?.[0]).toMatch(/whole number/);
    expect((await t.owner.post('/admin/courses/save', { ...course, course_id: 2147483647 })).body.state).toBe(STATE.notFound);
  });

  it('creates and edits a course, audited before and after; the shop shows its bonus and English name', async () => {
    const id = await createCourse();
    const edited = await t.owner.post('/admin/courses/save', { ...course, course_id: id, bonus_point: 250 });
    expect(edited.body.course).toMatchObject({ id, point: 1000, bonus_point: 250, price: 1100, retired: false, payments: 0 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.target, `course:${id}`));
    expect(audit.map((a) => a.action)).toEqual(['course.create', 'course.update']);
    expect(audit[1]).toMatchObject({ before: { bonus_point: 100 }, after: { bonus_point: 250 } });
    const { client } = await buyer(t.shop, id);
    const shown = await client.get(`/user/point_price/detail/${id}`);
    expect(shown.body.point_price).toMatchObject({ point: '1000', bonus_point: '250', price: '1100', name_en: 'With bonus' });
    expect((await client.get('/user/pay_style')).body).toMatchObject({ point: '1000', bonus_point: '250' });
  });
});

describe('bonus points', () => {
  it('a bonus course credits points and bonus once, as paid points in one ledger row, even when the completion is replayed', async () => {
    const id = await createCourse({ point: 3000, bonus_point: 300, price: 3300 });
    const { client, userId } = await buyer(t.shop, id);
    const token = await cardToken(t.shop.app, '4111111111111111');
    const bought = await client.post('/user/point/buy', { pay_id: 1, token });
    expect(bought.body.result).toBe('1');
    const paymentId = bought.body.payment_id as number;
    expect(await paymentRow(db(), paymentId)).toMatchObject({ point: 3300, amount: 3300, state: 'succeeded' });
    const state = await pointState(db(), userId);
    expect(state).toMatchObject({ point: 3300, ledger: 3300, lots: 3300, purchases: 1, money: 3300 });
    expect((await client.post('/user/point/append', { token: String(paymentId) })).body.state).toBeLessThan(500);
    expect(await pointState(db(), userId)).toMatchObject({ point: 3300, purchases: 1 });
  });

  it('never rewrites a payment already made: an edit after the order changes only later payments', async () => {
    const id = await createCourse({ point: 2000, bonus_point: 0, price: 2200 });
    const { client, userId } = await buyer(t.shop, id);
    const slip = await client.post('/user/point/buy', CONVENIENCE_STORE_PAYMENT);
    expect(slip.body.state, JSON.stringify(slip.body)).toBe(STATE.ok);
    const paymentId = slip.body.payment_id as number;
    await t.owner.post('/admin/courses/save', { ...course, course_id: id, point: 9000, bonus_point: 900, price: 100 });
    expect(await paymentRow(db(), paymentId)).toMatchObject({ point: 2000, amount: 2200, state: 'pending' });
    const listed = (await t.owner.get('/admin/courses')).body.courses as { id: number; payments: number }[];
    expect(listed.find((c) => c.id === id)?.payments).toBe(1);
    expect((await pointState(db(), userId)).point).toBe(0);
  });
});

describe('POST /api/admin/courses/retire', () => {
  it('takes the course out of the shop for good; a retired course cannot be edited', async () => {
    const id = await createCourse();
    const { client } = await buyer(t.shop, id);
    const retired = await t.owner.post('/admin/courses/retire', { course_id: id });
    expect(retired.body.course).toMatchObject({ retired: true, published: false });
    expect((await client.get(`/user/point_price/detail/${id}`)).body.state).not.toBe(STATE.ok);
    const list = (await client.get('/user/point_price/1')).body.list as { id: string }[];
    expect(list.map((c) => c.id)).not.toContain(String(id));
    const edit = await t.owner.post('/admin/courses/save', { ...course, course_id: id });
    expect(edit.body.state).toBe(STATE.conflict);
    expect(edit.body.errors.course_id).toHaveLength(1);
    expect((await t.owner.post('/admin/courses/retire', { course_id: id })).body.course).toMatchObject({ retired: true });
  });

  it('an unpublished course is hidden from the shop but stays editable', async () => {
    const id = await createCourse({ published: false });
    const { client } = await buyer(t.shop, (await createCourse()));
    expect((await client.get(`/user/point_price/detail/${id}`)).body.state).not.toBe(STATE.ok);
    expect((await t.owner.post('/admin/courses/save', { ...course, course_id: id, published: true })).body.course).toMatchObject({ published: true });
  });
});
