import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { StandInServer, testCertificate, type StandInAnswer, type StandInRequest } from './stand-in-server.ts';

/**
 * Tests only: PayPal's REST API as its documents describe it — OAuth 2.0 client credentials
 * (/v1/oauth2/token), Orders v2 (create with PayPal-Request-Id, get, capture; 422 issues
 * ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED), Payments v2 (captures, refund
 * with REFUND_AMOUNT_EXCEEDED, refunds), the buyer's approval page and webhooks signed as the
 * Webhooks document says (RSA-SHA256 over transmission id|time|webhook id|CRC32 of the body),
 * checked by /v1/notifications/verify-webhook-signature. Built from the documents, not the adapter.
 */

type Json = Record<string, unknown>;

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: string;
  customId: string;
  returnUrl: string;
  cancelUrl: string;
  capture?: { id: string; status: string; refunded: number; requestId: string };
}

const issue = (status: number, name: string, detail: string): StandInAnswer => ({ status, json: { name, message: detail, debug_id: randomBytes(6).toString('hex'), details: [{ issue: detail, description: detail }] } });
const money = (value: string | number) => ({ currency_code: 'JPY', value: String(value) });

export class PayPalStandIn {
  readonly orders = new Map<string, PayPalOrder>();
  readonly refunds = new Map<string, { id: string; captureId: string; amount: number; requestId: string }>();
  private readonly created = new Map<string, string>();
  private readonly tokens = new Set<string>();
  /** The next capture is declined by the buyer's funding source (422 INSTRUMENT_DECLINED). */
  declineNextCapture = false;
  /** The next order create is refused (422 with this issue). */
  refuseNextCreate = '';
  server!: StandInServer;

  constructor(
    readonly clientId = 'standin-client',
    readonly clientSecret = 'standin-secret-value',
    readonly webhookId = '1JE4291016473214C',
  ) {}

  static async start(): Promise<PayPalStandIn> {
    const standIn = new PayPalStandIn();
    standIn.server = await StandInServer.start((request) => standIn.route(request));
    return standIn;
  }

  env(publicUrl: string): Record<string, string> {
    return {
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_WEBHOOK_ID: this.webhookId,
      PAYPAL_ENVIRONMENT: 'sandbox',
      PAYPAL_API_HOST: this.server.host,
      PAYPAL_TIMEOUT_MS: '1500',
      PUBLIC_URL: publicUrl,
    };
  }

  orderJson(order: PayPalOrder): Json {
    const unit: Json = { reference_id: 'default', custom_id: order.customId, invoice_id: order.customId, amount: money(order.amount) };
    if (order.capture) unit.payments = { captures: [this.captureJson(order)] };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [unit],
      links: [
        { href: `${this.server.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED'
          ? [{ href: `${this.server.webUrl}/checkoutnow?token=${order.id}`, rel: order.status === 'CREATED' ? 'approve' : 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  }

  captureJson(order: PayPalOrder): Json {
    const capture = order.capture!;
    return {
      id: capture.id,
      status: capture.status,
      amount: money(order.amount),
      custom_id: order.customId,
      invoice_id: order.customId,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [{ href: `${this.server.url}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' }],
    };
  }

  refundJson(id: string): Json {
    const refund = this.refunds.get(id)!;
    return { id, status: 'COMPLETED', amount: money(refund.amount), links: [{ href: `${this.server.url}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' }] };
  }

  /** The buyer approved (or cancelled) on the payer-action page. */
  approve(orderId: string): PayPalOrder | undefined {
    const order = this.orders.get(orderId);
    if (order?.status === 'PAYER_ACTION_REQUIRED' || order?.status === 'CREATED') order.status = 'APPROVED';
    return order;
  }

  private createOrder(request: StandInRequest): StandInAnswer {
    const requestId = request.headers['paypal-request-id'] ?? '';
    const known = requestId ? this.created.get(requestId) : undefined;
    if (known) return { status: 200, json: this.orderJson(this.orders.get(known)!) };
    const body = JSON.parse(request.body) as Json;
    const unit = (body.purchase_units as Json[] | undefined)?.[0] ?? {};
    const amount = unit.amount as Json | undefined;
    const context = ((body.payment_source as Json | undefined)?.paypal as Json | undefined)?.experience_context as Json | undefined;
    if (body.intent !== 'CAPTURE' || amount?.currency_code !== 'JPY' || !/^\d+$/.test(String(amount.value))) {
      return issue(400, 'INVALID_REQUEST', 'DECIMAL_PRECISION');
    }
    if (this.refuseNextCreate) {
      const refused = this.refuseNextCreate;
      this.refuseNextCreate = '';
      return issue(422, 'UNPROCESSABLE_ENTITY', refused);
    }
    const order: PayPalOrder = { id: randomBytes(8).toString('hex').toUpperCase(), status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED', amount: String(amount.value), customId: String(unit.custom_id ?? ''), returnUrl: String(context?.return_url ?? ''), cancelUrl: String(context?.cancel_url ?? context?.return_url ?? '') };
    this.orders.set(order.id, order);
    if (requestId) this.created.set(requestId, order.id);
    return { status: 201, json: this.orderJson(order) };
  }

  private capture(order: PayPalOrder, requestId: string): StandInAnswer {
    if (order.capture && order.capture.requestId === requestId && requestId) return { status: 201, json: this.orderJson(order) };
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (this.declineNextCapture) {
      this.declineNextCapture = false;
      return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    }
    order.status = 'COMPLETED';
    order.capture = { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED', refunded: 0, requestId };
    return { status: 201, json: this.orderJson(order) };
  }

  private refund(captureId: string, request: StandInRequest): StandInAnswer {
    const order = [...this.orders.values()].find((o) => o.capture?.id === captureId);
    if (!order?.capture) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const requestId = request.headers['paypal-request-id'] ?? '';
    const known = [...this.refunds.values()].find((r) => r.requestId === requestId && requestId);
    if (known) return { status: 201, json: this.refundJson(known.id) };
    const value = Number(((JSON.parse(request.body || '{}') as Json).amount as Json | undefined)?.value ?? Number(order.amount) - order.capture.refunded);
    if (!(value > 0) || value > Number(order.amount) - order.capture.refunded) return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    order.capture.refunded += value;
    order.capture.status = order.capture.refunded === Number(order.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const id = randomBytes(8).toString('hex').toUpperCase();
    this.refunds.set(id, { id, captureId, amount: value, requestId });
    return { status: 201, json: this.refundJson(id) };
  }

  private route(request: StandInRequest): StandInAnswer {
    if (request.path === '/checkoutnow') return this.approvalPage(request);
    if (request.path.endsWith('.pem')) return { status: 200, text: testCertificate().cert, contentType: 'application/x-pem-file' };
    if (request.path === '/v1/oauth2/token' && request.method === 'POST') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== basic || !request.body.includes('grant_type=client_credentials')) return { status: 401, json: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      this.tokens.add(token);
      return { status: 200, json: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: randomUUID() } };
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) return { status: 401, json: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
    if (request.path === '/v2/checkout/orders' && request.method === 'POST') return this.createOrder(request);
    const order = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(request.path);
    if (order) {
      const found = this.orders.get(order[1] ?? '');
      if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order[2]) return this.capture(found, request.headers['paypal-request-id'] ?? '');
      return { status: 200, json: this.orderJson(found) };
    }
    const capture = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(request.path);
    if (capture) {
      if (capture[2]) return this.refund(capture[1] ?? '', request);
      const owner = [...this.orders.values()].find((o) => o.capture?.id === capture[1]);
      return owner ? { status: 200, json: this.captureJson(owner) } : issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    const refund = /^\/v2\/payments\/refunds\/([A-Z0-9]+)$/.exec(request.path);
    if (refund) return this.refunds.has(refund[1] ?? '') ? { status: 200, json: this.refundJson(refund[1] ?? '') } : issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (request.path === '/v1/notifications/verify-webhook-signature') return this.verifyWebhook(JSON.parse(request.body) as Json);
    return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  private approvalPage(request: StandInRequest): StandInAnswer {
    const order = this.orders.get(request.query.get('token') ?? '');
    if (!order) return { status: 404, html: '<p>Not found</p>' };
    if (request.method === 'GET') {
      return { status: 200, html: `<!doctype html><meta name="viewport" content="width=device-width"><h1>PayPal (stand-in)</h1><p>¥${order.amount}</p><form method="post"><button id="approve" name="decision" value="approve">Pay Now</button><button id="cancel" name="decision" value="cancel">Cancel</button></form>` };
    }
    if (new URLSearchParams(request.body).get('decision') === 'approve') {
      this.approve(order.id);
      return { status: 303, location: `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=STANDINPAYER` };
    }
    return { status: 303, location: `${order.cancelUrl}${order.cancelUrl.includes('?') ? '&' : '?'}token=${order.id}` };
  }

  private verifyWebhook(body: Json): StandInAnswer {
    const signed = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(body.webhook_event))}`;
    const genuine =
      body.webhook_id === this.webhookId &&
      body.auth_algo === 'SHA256withRSA' &&
      typeof body.transmission_sig === 'string' &&
      createVerify('RSA-SHA256').update(signed).verify(testCertificate().cert, body.transmission_sig, 'base64');
    return { status: 200, json: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }

  /** A webhook as PayPal posts it: the event and its PAYPAL-* transmission headers. `forged` signs with another key. */
  webhook(eventType: string, resource: Json, options: { forged?: boolean } = {}): { body: Json; headers: Record<string, string> } {
    const body = { id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: eventType.split('.')[1]?.toLowerCase() ?? '', event_type: eventType, summary: eventType, resource };
    const id = randomUUID();
    const time = new Date().toISOString();
    const key = options.forged ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : testCertificate().key;
    const sig = createSign('RSA-SHA256').update(`${id}|${time}|${this.webhookId}|${crc32(JSON.stringify(body))}`).sign(key, 'base64');
    return {
      body,
      headers: { 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': `${this.server.url}/v1/notifications/certs/CERT-standin.pem`, 'paypal-transmission-id': id, 'paypal-transmission-sig': sig, 'paypal-transmission-time': time },
    };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
