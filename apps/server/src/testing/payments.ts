import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { pointCourses } from '../db/schema/catalog.ts';
import { payments } from '../db/schema/payments.ts';
import { users } from '../db/schema/users.ts';
import { createTestMember, signIn } from './members.ts';
import type { TestShop } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** A point course (tax-included price) for payment tests. */
export async function createTestCourse(db: Db, values: { point?: number; price?: number; active?: boolean } = {}): Promise<number> {
  const point = values.point ?? 1000;
  const [row] = await db
    .insert(pointCourses)
    .values({ point, price: values.price ?? Math.round(point * 1.1), memo: 'テスト', active: values.active ?? true })
    .returning({ id: pointCourses.id });
  return row!.id;
}

/** A signed-in member who opened `courseId` (as /confirm-buy-point does). */
export async function buyer(shop: TestShop, courseId: number, query = ''): Promise<{ client: TestClient; userId: number }> {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  const client = shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  const opened = await client.get(`/user/point_price/detail/${courseId}${query}`);
  if (opened.body.state !== 200) throw new Error(`course not opened: ${JSON.stringify(opened.body)}`);
  return { client, userId };
}

const cookieHeader = (client?: TestClient) => (client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '');

/** The path and query of a URL the server answered (absolute or not). */
export function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** A browser GET outside the envelope (sandbox pages, redirects), with the member's cookies when given. */
export function browserGet(app: FastifyInstance, url: string, client?: TestClient): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: pathOf(url), headers: { cookie: cookieHeader(client) } });
}

/** A browser form POST (a sandbox page's button). */
export function browserPost(app: FastifyInstance, url: string, form: Record<string, string>, client?: TestClient): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(client) },
    payload: new URLSearchParams(form).toString(),
  });
}

/** Posts card data to the sandbox tokenizer as tokenize.js does; answers its JSON. */
export async function tokenize(app: FastifyInstance, card: Partial<Record<'card_number' | 'limit_month' | 'limit_year' | 'cvc' | 'card_name', string>> | 'mobile') {
  const body =
    card === 'mobile'
      ? { shop_id: 'oripa-sandbox-shop', kind: 'mobile' }
      : { shop_id: 'oripa-sandbox-shop', kind: 'card', limit_month: '12', limit_year: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'), cvc: '123', card_name: 'HANAKO YAMADA', ...card };
  const res = await app.inject({ method: 'POST', url: '/sandbox/pay/v1/tokens', payload: body });
  return res.json() as { resultCode: string; token?: string; maskedCardNumber?: string };
}

/** A token for a test card number. */
export async function cardToken(app: FastifyInstance, cardNumber: string): Promise<string> {
  const answer = await tokenize(app, { card_number: cardNumber });
  if (answer.resultCode !== '000' || !answer.token) throw new Error(`tokenization failed: ${answer.resultCode}`);
  return answer.token;
}

/**
 * Opens a sandbox page (consent, 3-D Secure) and presses one of its decision buttons, as the
 * member would. Answers the page response and the decision response (a 303 back to the shop).
 */
export async function decideOnPage(app: FastifyInstance, url: string, decision: 'approve' | 'decline') {
  const pageRes = await browserGet(app, url);
  if (pageRes.statusCode !== 200) throw new Error(`sandbox page ${url} answered ${pageRes.statusCode}`);
  const action = /<form method="post" action="([^"]+)"/.exec(pageRes.body)?.[1];
  if (!action) throw new Error(`no decision form on ${url}`);
  const decided = await browserPost(app, action.replace(/&amp;/g, '&'), { decision });
  return { page: pageRes, decided, location: String(decided.headers.location ?? '') };
}

/** Presses 'pay at the store' on a convenience-store slip. */
export async function payAtStore(app: FastifyInstance, slipUrl: string) {
  const slip = await browserGet(app, slipUrl);
  const action = /<form method="post" action="([^"]+)"/.exec(slip.body)?.[1];
  if (!action) throw new Error(`no pay form on ${slipUrl}: ${slip.statusCode}`);
  return browserPost(app, action, {});
}

export async function paymentRow(db: Db, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The member's balance, ledger sum and open lots, which must always agree. */
export async function pointState(db: Db, userId: number) {
  const [row] = await queryRows<{ ledger: number; lots: number; purchases: number; money: number }>(
    db,
    sql`select (select coalesce(sum(delta),0)::int from point_ledger where user_id = ${userId}) as ledger,
               (select coalesce(sum(remaining),0)::int from point_lots where user_id = ${userId}) as lots,
               (select count(*)::int from point_ledger where user_id = ${userId} and reason = 'purchase') as purchases,
               (select coalesce(sum(money),0)::int from point_ledger where user_id = ${userId}) as money`,
  );
  const [user] = await db.select({ point: users.pointBalance }).from(users).where(eq(users.id, userId));
  return { point: user?.point, ledger: row?.ledger, lots: row?.lots, purchases: row?.purchases, money: row?.money };
}
