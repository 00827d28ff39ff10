import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sandboxCheckoutSessions } from '../../db/schema/payments.ts';
import { browserGet, browserPost, buyer, decideOnPage, pointState } from '../../testing/payments.ts';
import { useCourseShop } from '../../testing/course-shop.ts';
import type { TestClient } from '../../testing/test-client.ts';

/** Issue 10, defect 6: a wallet checkout session (cs_…) is bound to the member who created it. */

const t = useCourseShop({ point: 2000, price: 2200 });

/** The member's button, the sandbox checkout page and its approval, as a browser does them. */
async function openCheckout(client: TestClient): Promise<string> {
  const signed = await client.get('/user/button_signature');
  expect(signed.body.state).toBe(200);
  expect(JSON.parse(String(signed.body.payloadJSON))).toMatchObject({ merchantMetadata: { customInformation: expect.any(String) } });
  expect((await browserGet(t.shop.app, String(signed.body.button_url))).statusCode).toBe(200);
  const back = await browserPost(t.shop.app, '/sandbox/pay/checkout', {
    payloadJSON: String(signed.body.payloadJSON),
    signature: String(signed.body.signature),
    pay_method: 'JCB ****0000',
    decision: 'approve',
  });
  const id = new URL(String(back.headers.location), 'http://localhost').searchParams.get('amazonCheckoutSessionId');
  expect(id).toMatch(/^cs_/);
  return id as string;
}

describe('checkout session bound to its member', () => {
  it("refuses member A using member B's session in set_checkout_session and point/buy; B's payment goes through", async () => {
    const db = t.shop.database.db;
    const b = await buyer(t.shop, t.courseId);
    const a = await buyer(t.shop, t.courseId);
    const bSession = await openCheckout(b.client);

    // A cannot remember B's session: it reads as unknown.
    expect((await a.client.get(`/user/set_checkout_session/${bSession}`)).body).toMatchObject({ state: 404 });
    expect((await a.client.get('/user/get_checkout_session')).body.state).toBe(404);

    // A cannot order with it either, named in the payload.
    const stolen = await a.client.post('/user/point/buy', { pay_id: 3, checkout_session_id: bSession });
    expect(stolen.body).toMatchObject({ state: 400, result: '0' });
    expect(stolen.body.errors.payment?.[0]).toBe('お支払い方法の選択からやり直してください。');
    expect(await db.select().from(payments).where(and(eq(payments.userId, a.userId), eq(payments.payId, 3)))).toHaveLength(0);
    const [stillOpen] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, bSession));
    expect(stillOpen?.status).toBe('open');

    // B's own flow is unharmed.
    expect((await b.client.get(`/user/set_checkout_session/${bSession}`)).body).toMatchObject({ state: 200, result: '1' });
    const bought = await b.client.post('/user/point/buy', { pay_id: 3 });
    expect(bought.body).toMatchObject({ state: 200, result: '1' });
    await decideOnPage(t.shop.app, String(bought.body.url), 'approve');
    const completed = await b.client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${bSession}`);
    expect(completed.body).toMatchObject({ state: 200, result: '1', payment_state: 'succeeded' });
    expect((await pointState(db, b.userId)).point).toBe(2000);
    expect((await pointState(db, a.userId)).point).toBe(0);

    // And A cannot complete B's order.
    expect((await a.client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${bSession}`)).body.state).toBe(404);
  });

  it("refuses A's point/buy with B's session remembered in A's browser session by any means", async () => {
    const b = await buyer(t.shop, t.courseId);
    const a = await buyer(t.shop, t.courseId);
    const bSession = await openCheckout(b.client);
    const aSession = await openCheckout(a.client);
    expect((await a.client.get(`/user/set_checkout_session/${aSession}`)).body.state).toBe(200);
    // A's own session works, B's named one does not, even with A's remembered.
    expect((await a.client.post('/user/point/buy', { pay_id: 3, checkout_session_id: bSession })).body).toMatchObject({ state: 400, result: '0' });
    expect((await a.client.post('/user/point/buy', { pay_id: 3 })).body).toMatchObject({ state: 200, result: '1' });
  });
});
