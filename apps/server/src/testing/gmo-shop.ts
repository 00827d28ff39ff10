import net from 'node:net';
import { afterAll, beforeAll, vi } from 'vitest';
import { startGmoStandIn, type GmoStandIn } from './gmo-stand-in/gmo-stand-in.ts';
import { createTestCourse } from './payments.ts';
import { openTestShop, type TestShop } from './test-app.ts';

/** The GMO adapter's environment for a shop talking to `standIn` (README, "GMO Payment Gateway"). */
export function gmoEnvironment(standIn: GmoStandIn, publicUrl: string): Record<string, string> {
  return {
    GMO_SHOP_ID: standIn.shopId,
    GMO_SHOP_PASS: standIn.shopPass,
    GMO_API_URL: standIn.url,
    GMO_TOKEN_SCRIPT_URL: `${standIn.url}/ext/js/token.js`,
    GMO_NOTIFY_USER: 'gmo-notify',
    GMO_NOTIFY_PASSWORD: 'notify-password-for-tests',
    GMO_CVS_CUSTOMER_NAME: 'オリパ会員',
    GMO_CVS_CUSTOMER_KANA: 'オリパカイイン',
    GMO_CVS_TEL: '0300000000',
    GMO_TIMEOUT_MS: '1500',
    PUBLIC_URL: publicUrl,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export const GMO_NOTIFY_CREDENTIALS = 'gmo-notify:notify-password-for-tests';
export const GMO_ROUTES = '1:gmo,2:gmo,4:gmo,6:gmo,8:gmo,*:sandbox';

export interface GmoShop {
  shop: TestShop;
  standIn: GmoStandIn;
  courseId: number;
  /** The shop's address on a loopback port (GMO's notifications and RetUrl reach it there). */
  url: string;
  /** A single-use card token from the stand-in's token API, as token.js gets it. */
  token(cardNumber: string): Promise<string>;
}

/**
 * Tests only: a test shop whose payment ids 1, 2, 4, 6 and 8 go to the GMO adapter, talking to a
 * fresh GMO stand-in, with one point course; listening on a loopback port so that GMO's
 * notifications reach it. Closed after the file.
 */
export function useGmoShop(course: { point: number; price: number }): GmoShop {
  const setUp = {} as GmoShop;
  beforeAll(async () => {
    setUp.standIn = await startGmoStandIn();
    const port = await freePort();
    setUp.url = `http://127.0.0.1:${port}`;
    // The adapter reads its credentials from the environment when the shop starts; set with vi.stubEnv and
    // restored rather than process.env replaced, which would outlive the file in its worker.
    for (const [name, value] of Object.entries(gmoEnvironment(setUp.standIn, setUp.url))) vi.stubEnv(name, value);
    setUp.shop = await openTestShop({ PAYMENT_PROVIDERS: GMO_ROUTES, PUBLIC_URL: setUp.url });
    await setUp.shop.app.listen({ port, host: '127.0.0.1' });
    setUp.courseId = await createTestCourse(setUp.shop.database.db, course);
  });
  afterAll(async () => {
    // The shop listens on a port here: a connection still open to it (a notification of the
    // stand-in's, a keep-alive) must not hold the file's end. Under a loaded full run the close
    // sometimes waited past the hook's 60 s; the cause is not found yet (see the session note).
    setUp.shop?.app.server.closeAllConnections();
    await setUp.shop?.close();
    await setUp.standIn?.close();
    vi.unstubAllEnvs();
  });
  setUp.token = async (cardNumber) => {
    const res = await fetch(`${setUp.standIn.url}/ext/api/credit/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shopId: setUp.standIn.shopId, cardno: cardNumber, expire: '3012', securitycode: '123', holdername: 'HANAKO YAMADA' }),
    });
    const answer = (await res.json()) as { resultCode: string; tokenObject?: { token: string[] } };
    const token = answer.tokenObject?.token[0];
    if (answer.resultCode !== '000' || !token) throw new Error(`token refused: ${answer.resultCode}`);
    return token;
  };
  return setUp;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const formAction = (html: string) => (/action="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');

/** A form post to the stand-in, answering its page. */
export async function postToStandIn(url: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  if (!res.ok) throw new Error(`stand-in ${url} answered ${res.status}`);
  return res.text();
}

/**
 * The browser at the shop's start page, which posts AccessID and Token to GMO's StartURL: answers
 * the member's decision at the carrier / PayPay, whose page then posts back to RetURL (returned,
 * not sent: its form goes to the shop).
 */
export async function startAtCarrier(shop: TestShop, startPath: string) {
  const start = await shop.app.inject({ method: 'GET', url: startPath });
  if (start.statusCode !== 200) throw new Error(`start page answered ${start.statusCode}`);
  const consent = await postToStandIn(formAction(start.body), { AccessID: hidden(start.body, 'AccessID'), Token: hidden(start.body, 'Token') });
  return async (decision: 'approve' | 'decline'): Promise<{ action: string; fields: Record<string, string> }> => {
    const back = await postToStandIn(new URL(formAction(consent), formAction(start.body)).toString(), {
      AccessID: hidden(consent, 'AccessID'),
      Token: hidden(consent, 'Token'),
      decision,
    });
    const fields: Record<string, string> = {};
    for (const m of back.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields[m[1] as string] = m[2] as string;
    return { action: formAction(back), fields };
  };
}

/** A carrier or PayPay flow started and decided at once (startAtCarrier). */
export async function decideAtCarrier(shop: TestShop, startPath: string, decision: 'approve' | 'decline') {
  return (await startAtCarrier(shop, startPath))(decision);
}
