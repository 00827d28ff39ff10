import { describe, expect, it } from 'vitest';
import { STAND_IN_CARDS } from '../../../testing/gmo-stand-in/stand-in-cards.ts';
import { useGmoShop } from '../../../testing/gmo-shop.ts';
import { browserGet, browserPost, buyer, pathOf, paymentRow, pointState } from '../../../testing/payments.ts';
import type { TestClient } from '../../../testing/test-client.ts';

/**
 * Cards through the GMO adapter against the GMO stand-in: the token from GMO's token API,
 * EntryTran/ExecTran with 3-D Secure 2.0, the challenge and its return (SecureTran2), and GMO's
 * error codes as the spec's messages.
 */
const t = useGmoShop({ point: 3000, price: 3300 });
const credited = { point: 3000, ledger: 3000, lots: 3000, purchases: 1, money: 3300 };

async function buyWithCard(client: TestClient, cardNumber: string) {
  return client.post('/user/point/buy', { pay_id: 1, point_price_id: t.courseId, token: await t.token(cardNumber) });
}

/** The member at the issuer's challenge: decides, and the browser posts back to the shop (RetUrl). */
async function challenge(url: string, decision: 'approve' | 'decline', client: TestClient) {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const decided = await fetch(`${t.standIn.url}/stand-in/3ds/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ AccessID: new URL(url).searchParams.get('AccessID') ?? '', decision }).toString(),
  });
  const html = await decided.text();
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const accessId = /name="AccessID" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const posted = await browserPost(t.shop.app, action, { AccessID: accessId }, client);
  expect(posted.statusCode).toBe(303);
  const back = await browserGet(t.shop.app, String(posted.headers.location), client);
  return String(back.headers.location);
}

describe('GMO cards', () => {
  it('names GMO token.js and the shop id for tokenization', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/gmo_token', { pay_id: 1, pay_type: 1 });
    expect(res.body).toMatchObject({ state: 200, shop_id: t.standIn.shopId, script_url: `${t.standIn.url}/ext/js/token.js` });
  });

  it('a frictionless card is authorized and captured at once, credited once', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await buyWithCard(client, STAND_IN_CARDS.success);
    expect(res.body).toMatchObject({ state: 200, result: '1' });
    const row = await paymentRow(t.shop.database.db, res.body.payment_id as number);
    expect(row).toMatchObject({ state: 'succeeded', provider: 'gmo' });
    const order = t.standIn.state.orders.get(`oripa-${row!.id}`);
    expect(order).toMatchObject({ status: 'CAPTURE', jobCd: 'CAPTURE', amount: 3300, accessId: row!.providerRef });
    expect((await client.post('/user/gmo_result', { id: row!.id, pay_type: 1 })).body).toMatchObject({ result: '1' });
    expect(await pointState(t.shop.database.db, userId)).toEqual(credited);
  });

  it('a 3-D Secure challenge: result 7 to GMO’s RedirectUrl, approved, back through RetUrl, SecureTran2 captures', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await buyWithCard(client, STAND_IN_CARDS.challenge);
    expect(res.body).toMatchObject({ state: 200, result: '7' });
    expect(String(res.body.url)).toContain(`${t.standIn.url}/stand-in/3ds/challenge?AccessID=`);
    const paymentId = res.body.payment_id as number;
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('requires_action');
    const target = await challenge(String(res.body.url), 'approve', client);
    expect(target).toBe(`/complete-carrier?payment_id=${paymentId}&pay_id=1`);
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('CAPTURE');
    expect(await pointState(t.shop.database.db, userId)).toEqual(credited);
  });

  it('a declined challenge fails the payment with the card-failure message', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await buyWithCard(client, STAND_IN_CARDS.challenge);
    const paymentId = res.body.payment_id as number;
    expect(await challenge(String(res.body.url), 'decline', client)).toBe(`/error-carrier?payment_id=${paymentId}&pay_id=1`);
    expect(await paymentRow(t.shop.database.db, paymentId)).toMatchObject({ state: 'failed', errorCode: '3DS' });
    const outcome = await client.get(`/user/point/end?payment_id=${paymentId}`);
    expect(outcome.body).toMatchObject({ result: '0', error_code: '3DS' });
    expect(String(outcome.body.message)).toContain('クレジットカード');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('maps GMO’s card errors to the spec’s codes and messages, under their fields', async () => {
    const cases: [string, string, string][] = [
      [STAND_IN_CARDS.declined, 'G12', 'card'],
      [STAND_IN_CARDS.insufficient, 'G12', 'card'],
      [STAND_IN_CARDS.securityCode, '1601', 'cvc'],
      [STAND_IN_CARDS.cardNumber, '1301', 'card_number'],
      [STAND_IN_CARDS.expiry, '1502', 'limit_year'],
      [STAND_IN_CARDS.busy, '8000', 'card'],
      [STAND_IN_CARDS.communication, '7001', 'card'],
    ];
    for (const [card, code, field] of cases) {
      const { client } = await buyer(t.shop, t.courseId);
      const res = await buyWithCard(client, card);
      expect(res.body.result, card).toBe('0');
      expect(Object.keys(res.body.errors as object), card).toEqual([field]);
      expect((await paymentRow(t.shop.database.db, res.body.payment_id as number))?.errorCode, card).toBe(code);
    }
  });

  it('a used token is refused as an unverified card (E61)', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const token = await t.token(STAND_IN_CARDS.success);
    await client.post('/user/point/buy', { pay_id: 1, point_price_id: t.courseId, token });
    const again = await client.post('/user/point/buy', { pay_id: 1, point_price_id: t.courseId, token });
    expect(again.body.result).toBe('0');
    expect((await paymentRow(t.shop.database.db, again.body.payment_id as number))?.errorCode).toBe('TOKEN');
  });

  it('the return of a payment that is not the visitor’s lands on the failure screen', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await buyWithCard(client, STAND_IN_CARDS.challenge);
    const stranger = t.shop.client();
    const back = await browserGet(t.shop.app, `/api/payment/return?payment_id=${res.body.payment_id}`, stranger);
    expect(pathOf(String(back.headers.location))).toContain('/error-carrier');
  });
});
