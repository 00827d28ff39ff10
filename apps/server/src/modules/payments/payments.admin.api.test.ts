import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { createTestMember } from '../../testing/members.ts';
import { createTestCourse } from '../../testing/payments.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/** Payments in the console (issue 12, part 4): search, bank transfer confirmation, overdue cancel. */

let courseId: number;
const t = useConsoleShop('owner', 'support');
const { db } = t;

beforeAll(async () => {
  courseId = await createTestCourse(db(), { point: 500, price: 550 });
});

/** A payment row as the payments module leaves it (tests only). */
async function payment(userId: number, values: { payId?: number; state?: string; dueAt?: Date } = {}): Promise<number> {
  const [row] = await db()
    .insert(payments)
    .values({ userId, courseId, point: 500, amount: 550, tax: 50, payId: values.payId ?? 4, provider: 'sandbox', state: values.state ?? 'pending', dueAt: values.dueAt ?? new Date(Date.now() + 86_400_000) })
    .returning({ id: payments.id });
  return row!.id;
}

const balance = async (userId: number) => (await db().select({ p: users.pointBalance }).from(users).where(eq(users.id, userId)))[0]!.p;

describe('GET /api/admin/payments', () => {
  it('finds payments by member, method and state; support may read', async () => {
    const userId = await createTestMember(db(), { mail: 'payer.search@example.com' });
    const bank = await payment(userId);
    const card = await payment(userId, { payId: 1, state: 'succeeded' });
    const byMail = await t.support.get('/admin/payments?member=payer.search');
    expect((byMail.body.payments as { id: number }[]).map((p) => p.id)).toEqual([card, bank]);
    const pendingBank = await t.support.get(`/admin/payments?member=${userId}&method=4&state=pending`);
    expect((pendingBank.body.payments as { id: number }[]).map((p) => p.id)).toEqual([bank]);
    const bad = await t.support.get('/admin/payments?state=paid&from=yesterday');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'state']);
  });
});

describe('POST /api/admin/payments/confirm', () => {
  it('credits a bank transfer once, as ops payment:confirm does; audited; refused to support', async () => {
    const userId = await createTestMember(db());
    const id = await payment(userId);
    expect((await t.support.post('/admin/payments/confirm', { payment_id: id })).body.state).toBe(STATE.forbidden);
    const [a, b] = await Promise.all([t.owner.post('/admin/payments/confirm', { payment_id: id }), t.owner.post('/admin/payments/confirm', { payment_id: id })]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect(a.body.payment).toMatchObject({ state: 'succeeded' });
    expect(await balance(userId)).toBe(500);
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `payment:${id}`))).toMatchObject([{ action: 'payment.confirm', after: { state: 'succeeded', point: 500 } }]);
  });

  it('confirms an expired transfer only as a late payment, and never a card payment', async () => {
    const userId = await createTestMember(db());
    const expired = await payment(userId, { state: 'expired' });
    const refused = await t.owner.post('/admin/payments/confirm', { payment_id: expired });
    expect(refused.body.state).toBe(STATE.conflict);
    expect(refused.body.errors.payment_id).toBeDefined();
    expect((await t.owner.post('/admin/payments/confirm', { payment_id: expired, late: true })).body).toMatchObject({ applied: true, payment: { state: 'succeeded' } });
    const card = await payment(userId, { payId: 1 });
    expect((await t.owner.post('/admin/payments/confirm', { payment_id: card })).body.state).toBe(STATE.validation);
    expect((await t.owner.post('/admin/payments/confirm', { payment_id: 2147483647 })).body.state).toBe(STATE.notFound);
    expect(await balance(userId)).toBe(500);
  });
});

describe('POST /api/admin/payments/cancel', () => {
  it('cancels a pending payment past its deadline, not one still open', async () => {
    const userId = await createTestMember(db());
    const open = await payment(userId);
    expect((await t.owner.post('/admin/payments/cancel', { payment_id: open })).body.state).toBe(STATE.conflict);
    const overdue = await payment(userId, { dueAt: new Date(Date.now() - 60_000) });
    expect((await t.owner.post('/admin/payments/cancel', { payment_id: overdue })).body).toMatchObject({ state: STATE.ok, applied: true, payment: { state: 'canceled' } });
    expect((await t.owner.post('/admin/payments/cancel', { payment_id: overdue })).body).toMatchObject({ applied: false });
    // A cancelled transfer is never confirmed.
    expect((await t.owner.post('/admin/payments/confirm', { payment_id: overdue, late: true })).body.state).toBe(STATE.conflict);
    expect(await balance(userId)).toBe(0);
  });
});
