import fs from 'node:fs';
import path from 'node:path';
import { LANG_COOKIE, parseLang, type Lang } from '@oripa/contract/states';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSandboxRef } from './sandbox-ids.ts';
import { signatureMatches } from './sandbox-secret.ts';
import { notificationBody, refundNotificationBody } from './sandbox-provider.ts';
import { refundCaptured } from './sandbox-refunds.ts';
import { acsPage, checkoutStartPage, consentPage, messagePage, slipPage, t } from './sandbox-pages.ts';
import * as sandbox from './sandbox.service.ts';
import { tokenize } from './tokenizer.ts';

const ASSETS = path.resolve(import.meta.dirname, 'assets');
const TOKENIZE_JS = fs.readFileSync(path.join(ASSETS, 'tokenize.js'), 'utf8');
const SANDBOX_CSS = fs.readFileSync(path.join(ASSETS, 'sandbox.css'), 'utf8');

type Fields = Record<string, unknown>;

/** The provider's pages and endpoints answer as the provider would, outside the shop's envelope. */
const PROVIDER = { config: { outsideEnvelope: 'provider' } } as const;

function fieldsOf(value: unknown): Fields {
  return value && typeof value === 'object' ? (value as Fields) : {};
}

function langOf(request: FastifyRequest): Lang {
  const query = fieldsOf(request.query);
  const body = fieldsOf(request.body);
  return parseLang(query.lang ?? body.lang ?? request.cookies[LANG_COOKIE]);
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** A shop path the sandbox may send the browser to: local, never another origin. */
function localPath(url: unknown): string | undefined {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : undefined;
}

/**
 * The sandbox provider's browser-facing side, standing for a payment company's servers: the
 * tokenizer script and endpoint (card data goes here, never to /api/user/*), the 3-D Secure
 * challenge at /api/acs/secure, consent pages of wallets, carriers and mobile payments, the
 * convenience-store slip with its 'pay now' button, and the checkout-session wallet's pages.
 * After each decision it notifies the shop (POST /api/payment/notify/sandbox, signed), as a
 * real provider posts a webhook, and sends the browser back to the shop's return address.
 */
export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  // A page answers a page, whatever went wrong (a bad body, a failure): never the shop's JSON.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox page failed');
    if (request.url.startsWith('/sandbox/pay/v1/')) return reply.code(status).send({ error: status === 400 ? 'bad_request' : 'server_error' });
    const lang = langOf(request);
    return html(reply, status, messagePage(lang, t(lang, 'errorTitle'), t(lang, status === 400 ? 'badRequest' : 'serverError'), request.url));
  });

  /** The transaction a URL names; a reference the sandbox cannot have issued is not looked up. */
  async function findTransaction(ref: unknown): Promise<sandbox.SandboxTransaction | undefined> {
    return isSandboxRef(ref) ? sandbox.findTransaction(db, ref) : undefined;
  }

  /** Posts the signed notification of a settled transaction to the shop, once it is delivered. */
  async function notifyShop(row: sandbox.SandboxTransaction): Promise<boolean> {
    if (row.status === 'pending' || row.status === 'requires_action') return true;
    if (row.notifiedAt) return true;
    const now = new Date();
    const body = await notificationBody(db, row, now);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    if (response.statusCode !== 200) return false;
    await sandbox.markNotified(db, row.id, now);
    return true;
  }

  app.get('/sandbox/pay/tokenize.js', PROVIDER, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(TOKENIZE_JS),
  );

  app.get('/sandbox/pay/sandbox.css', PROVIDER, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_CSS),
  );

  /** The tokenization endpoint the script posts the card to; JSON in and out. */
  app.post('/sandbox/pay/v1/tokens', PROVIDER, async (request, reply) => {
    const answer = await tokenize(db, fieldsOf(request.body), new Date());
    return reply.header('cache-control', 'no-store').send(answer);
  });

  // --- 3-D Secure ------------------------------------------------------------------------

  app.get('/api/acs/secure', PROVIDER, async (request, reply) => {
    const lang = langOf(request);
    const ref = fieldsOf(request.query).ref;
    const tx = await findTransaction(ref);
    if (!tx || tx.kind !== 'card') return html(reply, 404, messagePage(lang, t(lang, 'acsTitle'), t(lang, 'notFound'), request.url));
    return html(reply, 200, acsPage(lang, tx, request.url));
  });

  app.post<{ Params: { id: string } }>('/sandbox/pay/acs/:id', PROVIDER, async (request, reply) => decision(request, reply, 'card'));

  // --- Consent (wallets, carrier billing, mobile payment QR, checkout wallet) -------------

  app.get<{ Params: { id: string } }>('/sandbox/pay/consent/:id', PROVIDER, async (request, reply) => {
    const lang = langOf(request);
    const tx = await findTransaction(request.params.id);
    if (!tx || tx.kind === 'card' || tx.kind === 'combini' || tx.kind === 'bank' || tx.kind === 'remittance') {
      return html(reply, 404, messagePage(lang, t(lang, 'consentTitle'), t(lang, 'notFound'), request.url));
    }
    const session = tx.kind === 'checkout' ? await sandbox.findCheckoutSession(db, tx.id) : undefined;
    return html(reply, 200, consentPage(lang, tx, request.url, { payMethod: session?.payMethod }));
  });

  app.post<{ Params: { id: string } }>('/sandbox/pay/consent/:id', PROVIDER, async (request, reply) => decision(request, reply, 'consent'));

  async function decision(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, page: 'card' | 'consent') {
    const lang = langOf(request);
    const choice = fieldsOf(request.body).decision;
    const tx = await findTransaction(request.params.id);
    const fits = tx && (page === 'card' ? tx.kind === 'card' : !['card', 'combini', 'bank', 'remittance'].includes(tx.kind));
    if (!tx || !fits || (choice !== 'approve' && choice !== 'decline')) {
      return html(reply, 404, messagePage(lang, t(lang, 'consentTitle'), t(lang, 'notFound'), request.url));
    }
    const { row } = await sandbox.decide(db, tx.id, choice, new Date());
    if (row) await notifyShop(row);
    // Back to the shop, whether this request decided or an earlier one did (a replay lands the same).
    return reply.header('cache-control', 'no-store').redirect(localPath(tx.returnUrl) ?? '/', 303);
  }

  // --- Pay-later pages: convenience-store slip, payment-service remittance -------------------

  // The remittance (pay id 9) is paid like a slip: a page with a 'pay' button that stands for
  // the member sending the money, after which the provider notifies the shop.
  for (const [segment, kind] of [['combini', 'combini'], ['remit', 'remittance']] as const) {
    const title = kind === 'combini' ? 'slipTitle' : 'remitTitle';
    app.get<{ Params: { id: string } }>(`/sandbox/pay/${segment}/:id`, PROVIDER, async (request, reply) => {
      const lang = langOf(request);
      const tx = await findTransaction(request.params.id);
      if (!tx || tx.kind !== kind) return html(reply, 404, messagePage(lang, t(lang, title), t(lang, 'notFound'), request.url));
      const notice = fieldsOf(request.query).notice === 'notify_failed' ? t(lang, 'notifyFailed') : '';
      return html(reply, 200, slipPage(lang, tx, request.url, new Date(), notice));
    });

    app.post<{ Params: { id: string } }>(`/sandbox/pay/${segment}/:id/pay`, PROVIDER, async (request, reply) => {
      const lang = langOf(request);
      const tx = await findTransaction(request.params.id);
      if (!tx || tx.kind !== kind) return html(reply, 404, messagePage(lang, t(lang, title), t(lang, 'notFound'), request.url));
      const { row } = await sandbox.payAtStore(db, tx.id, new Date());
      const delivered = row ? await notifyShop(row) : true;
      const slip = `/sandbox/pay/${segment}/${encodeURIComponent(tx.id)}?lang=${lang}${delivered ? '' : '&notice=notify_failed'}`;
      return reply.header('cache-control', 'no-store').redirect(slip, 303);
    });
  }

  // --- Refunds made at the provider, chargebacks ------------------------------------------------

  /**
   * Stands for the provider's own dashboard (a refund made there) and for its dispute desk (a
   * chargeback the card holder won): records it against the captured transaction and notifies
   * the shop, signed, as a real provider posts its refund or dispute webhook. JSON in and out.
   */
  app.post<{ Params: { id: string } }>('/sandbox/pay/v1/transactions/:id/disputes', PROVIDER, async (request, reply) => {
    const body = fieldsOf(request.body);
    const kind = body.kind === 'chargeback' ? 'chargeback' : body.kind === 'refund' ? 'refund' : undefined;
    const amount = Number(body.amount);
    if (!isSandboxRef(request.params.id) || !kind) return reply.code(400).send({ error: 'bad_request' });
    const now = new Date();
    const answer = await refundCaptured(db, { id: request.params.id }, { amount, kind, shopRefundKey: '', now });
    if (!answer.refund) return reply.code(answer.errorCode === 'NOT_FOUND' ? 404 : 409).send({ error: answer.errorCode });
    const tx = await sandbox.findTransaction(db, answer.refund.transactionId);
    const notified = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(await refundNotificationBody(db, tx?.orderId ?? '', answer.refund, now)).toString(),
    });
    return reply.header('cache-control', 'no-store').send({ id: answer.refund.id, kind, amount: answer.refund.amount, notified: notified.statusCode === 200 });
  });

  // --- Checkout-session wallet ----------------------------------------------------------------

  async function signedPayload(fields: Fields): Promise<Record<string, unknown> | undefined> {
    const payloadJSON = fields.payloadJSON;
    if (typeof payloadJSON !== 'string' || payloadJSON.length > 10_000) return undefined;
    if (!(await signatureMatches(db, payloadJSON, fields.signature))) return undefined;
    try {
      return fieldsOf(JSON.parse(payloadJSON));
    } catch {
      return undefined;
    }
  }

  const reviewUrlOf = (payload: Record<string, unknown>) => localPath(fieldsOf(payload.webCheckoutDetails).checkoutReviewReturnUrl);

  app.get('/sandbox/pay/checkout', PROVIDER, async (request, reply) => {
    const lang = langOf(request);
    const query = fieldsOf(request.query);
    const payload = await signedPayload(query);
    if (!payload || !reviewUrlOf(payload)) {
      return html(reply, 400, messagePage(lang, t(lang, 'checkoutTitle'), t(lang, 'badSignature'), request.url));
    }
    const amount = String(fieldsOf(fieldsOf(payload.paymentDetails).chargeAmount).amount ?? '');
    return html(
      reply,
      200,
      checkoutStartPage(lang, { payloadJSON: String(query.payloadJSON), signature: String(query.signature), amount }, sandbox.SANDBOX_WALLET_METHODS, request.url),
    );
  });

  app.post('/sandbox/pay/checkout', PROVIDER, async (request, reply) => {
    const lang = langOf(request);
    const body = fieldsOf(request.body);
    const payload = await signedPayload(body);
    const review = payload ? reviewUrlOf(payload) : undefined;
    if (!payload || !review) return html(reply, 400, messagePage(lang, t(lang, 'checkoutTitle'), t(lang, 'badSignature'), request.url));
    if (body.decision !== 'approve') return reply.header('cache-control', 'no-store').redirect(review, 303);
    const chosen = sandbox.SANDBOX_WALLET_METHODS.find((m) => m === body.pay_method) ?? sandbox.SANDBOX_WALLET_METHODS[0];
    const id = await sandbox.openCheckoutSession(db, payload, chosen, new Date());
    const join = review.includes('?') ? '&' : '?';
    return reply.header('cache-control', 'no-store').redirect(`${review}${join}amazonCheckoutSessionId=${encodeURIComponent(id)}`, 303);
  });
}
