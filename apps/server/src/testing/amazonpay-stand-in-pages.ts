import { testCertificate, type StandInAnswer, type StandInRequest } from './stand-in-server.ts';

/** What the pages use of a checkout session (AmazonSession of amazonpay-stand-in.ts). */
interface PageSession {
  checkoutSessionId: string;
  webCheckoutDetails: Record<string, unknown>;
  paymentDetails: Record<string, unknown>;
}

/** What the pages use of the stand-in (AmazonPayStandIn, which imports this file). */
export interface AmazonPayPagesHost {
  server: { webUrl: string };
  sessions: ReadonlyMap<string, PageSession>;
  openSession(payloadJSON: string, signature: string): PageSession | undefined;
  approve(id: string): unknown;
}

const withSession = (url: string, id: string) => `${url}${url.includes('?') ? '&' : '?'}amazonCheckoutSessionId=${encodeURIComponent(id)}`;
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tests only: the stand-in's browser side — checkout.js (amazon.Pay.initCheckout opens the
 * checkout with the signed payload), the sign-in page that opens a session and returns to
 * checkoutReviewReturnUrl, the amazonPayRedirectUrl page whose button approves the payment and
 * returns to checkoutResultReturnUrl (both with amazonCheckoutSessionId), and the SNS signing
 * certificate.
 */
export function amazonPayPages(standIn: AmazonPayPagesHost, request: StandInRequest): StandInAnswer | undefined {
  const base = standIn.server.webUrl;
  if (request.path === '/checkout.js') {
    const text = `window.amazon = { Pay: { initCheckout: function (c) { var s = c.createCheckoutSessionConfig;
      location.href = ${JSON.stringify(`${base}/checkout`)} + '?payloadJSON=' + encodeURIComponent(s.payloadJSON) + '&signature=' + encodeURIComponent(s.signature); } } };`;
    return { status: 200, text, contentType: 'text/javascript' };
  }
  if (request.path === '/checkout' && request.method === 'GET') {
    const session = standIn.openSession(request.query.get('payloadJSON') ?? '', request.query.get('signature') ?? '');
    if (!session) return { status: 400, html: '<p>InvalidSignature</p>' };
    const review = String(session.webCheckoutDetails.checkoutReviewReturnUrl ?? '');
    return { status: 200, html: `<!doctype html><meta name="viewport" content="width=device-width"><h1>Amazon Pay (stand-in)</h1><a id="continue" href="${escape(withSession(review, session.checkoutSessionId))}">Continue</a>` };
  }
  const pay = /^\/pay\/([\w-]+)$/.exec(request.path);
  if (pay) {
    const id = pay[1] ?? '';
    const session = standIn.sessions.get(id);
    if (!session) return { status: 404, html: '<p>ResourceNotFound</p>' };
    if (request.method === 'GET') {
      const amount = String((session.paymentDetails.chargeAmount as { amount?: string } | undefined)?.amount ?? '');
      return { status: 200, html: `<!doctype html><meta name="viewport" content="width=device-width"><h1>Amazon Pay (stand-in)</h1><p>¥${escape(amount)}</p><form method="post"><button id="pay">Pay</button></form>` };
    }
    standIn.approve(id);
    return { status: 303, location: withSession(String(session.webCheckoutDetails.checkoutResultReturnUrl ?? ''), id) };
  }
  if (request.path.endsWith('.pem')) return { status: 200, text: testCertificate().cert, contentType: 'application/x-pem-file' };
  return undefined;
}
