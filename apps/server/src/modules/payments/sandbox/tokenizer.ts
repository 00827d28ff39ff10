import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxPayTokens } from '../../../db/schema/payments.ts';
import { jstDate } from '../../../kernel/business-days.ts';
import { newId, SANDBOX_SHOP_ID } from './sandbox-ids.ts';
import { luhnValid, scenarioOf, scenarioText } from './test-cards.ts';

/**
 * The sandbox's tokenizer: card data from the browser (tokenize.js) becomes a single-use token;
 * the shop only ever sees the token. It answers the provider codes of spec section 5 for bad
 * input, and remembers which test scenario the card number stands for.
 */

const TOKEN_TTL_MS = 10 * 60 * 1000;

/** What the tokenizer script posts (the card never goes to the shop API). */
export interface TokenRequest {
  shop_id?: unknown;
  kind?: unknown;
  card_number?: unknown;
  limit_month?: unknown;
  limit_year?: unknown;
  cvc?: unknown;
  card_name?: unknown;
}

export type TokenAnswer =
  | { resultCode: '000'; token: string; maskedCardNumber: string; expiresAt: string }
  | { resultCode: string; field?: string };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The first problem of a card form as a provider code (spec section 5), or its number. */
export function checkCard(input: TokenRequest, now: Date): { code: string } | { number: string } {
  const number = text(input.card_number).replace(/[\s-]/g, '');
  if (number === '') return { code: '1300' };
  if (!/^\d{13,16}$/.test(number) || !luhnValid(number)) return { code: '1301' };
  const month = text(input.limit_month);
  if (month === '') return { code: '1400' };
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) return { code: '1401' };
  const yearText = text(input.limit_year);
  if (yearText === '') return { code: '1500' };
  if (!/^(\d{2}|\d{4})$/.test(yearText)) return { code: '1501' };
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const today = jstDate(now);
  const thisYear = today.getUTCFullYear();
  if (year > thisYear + 20) return { code: '1501' };
  if (year < thisYear || (year === thisYear && Number(month) < today.getUTCMonth() + 1)) return { code: '1502' };
  const cvc = text(input.cvc);
  if (cvc === '') return { code: '1600' };
  if (!/^\d{3,4}$/.test(cvc)) return { code: '1601' };
  const name = text(input.card_name);
  if (name !== '' && !/^[A-Za-z][A-Za-z .,'/-]{0,19}$/.test(name)) return { code: '1700' };
  return { number };
}

/**
 * POST /sandbox/pay/v1/tokens: turns card data (kind 'card') into a single-use token valid for
 * 10 minutes, or issues a mobile-payment token (kind 'mobile', no card data).
 */
export async function tokenize(db: Db, input: TokenRequest, now: Date): Promise<TokenAnswer> {
  if (input.shop_id !== SANDBOX_SHOP_ID) return { resultCode: '902' };
  const kind = input.kind === 'mobile' ? 'mobile' : 'card';
  let masked = '';
  let scenario = 'success';
  if (kind === 'card') {
    const checked = checkCard(input, now);
    if ('code' in checked) return { resultCode: checked.code };
    masked = `${'*'.repeat(checked.number.length - 4)}${checked.number.slice(-4)}`;
    scenario = scenarioText(scenarioOf(checked.number));
  }
  const token = newId('tok');
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  await db.insert(sandboxPayTokens).values({ token, shopId: SANDBOX_SHOP_ID, kind, masked, scenario, expiresAt, createdAt: now });
  return { resultCode: '000', token, maskedCardNumber: masked, expiresAt: expiresAt.toISOString() };
}

/** Uses a token once: its scenario and masked number, or undefined (unknown, expired, used). */
export async function consumeToken(db: Db, token: string, kind: 'card' | 'mobile', now: Date) {
  const [row] = await db
    .update(sandboxPayTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxPayTokens.token, token),
        eq(sandboxPayTokens.kind, kind),
        isNull(sandboxPayTokens.usedAt),
        gt(sandboxPayTokens.expiresAt, now),
      ),
    )
    .returning({ scenario: sandboxPayTokens.scenario, masked: sandboxPayTokens.masked });
  return row;
}
