import { createHash, createSign, createVerify, constants, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { StandInServer, testCertificate, type StandInAnswer, type StandInRequest } from './stand-in-server.ts';
import { amazonPayPages } from './amazonpay-stand-in-pages.ts';

/**
 * Tests only: Amazon Pay's API v2 as its reference documents it (Checkout Session get / update /
 * complete, Charge, Charge Permission, Refund; the AMZN-PAY-RSASSA-PSS-V2 request signature;
 * ResourceNotFound / InvalidCheckoutSessionStatus / CheckoutSessionCanceled errors) and IPNs
 * as signed Amazon SNS notifications. Built from the documents, not from the adapter.
 */

type Json = Record<string, unknown>;

export interface AmazonSession {
  checkoutSessionId: string;
  state: 'Open' | 'Completed' | 'Canceled';
  reasonCode: string | null;
  buyerApproved: boolean;
  webCheckoutDetails: Json;
  paymentDetails: Json;
  merchantMetadata: Json;
  chargeId: string | null;
  chargePermissionId: string | null;
}

const price = (amount: unknown) => ({ amount: String(amount), currencyCode: 'JPY' });
const status = (state: string, reasonCode: string | null = null) => ({ state, reasonCode, reasonDescription: null, lastUpdatedTimestamp: '20261127T000000Z' });
const err = (code: number, reasonCode: string): StandInAnswer => ({ status: code, json: { reasonCode, message: reasonCode } });

export class AmazonPayStandIn {
  readonly merchantKey: { publicKeyId: string; privateKey: string; publicKey: KeyObject };
  readonly sessions = new Map<string, AmazonSession>();
  readonly charges = new Map<string, { chargeId: string; chargePermissionId: string; state: string; amount: number; refunded: number }>();
  readonly refunds = new Map<string, { refundId: string; chargeId: string; amount: number; state: string; key: string }>();
  /** The next completed session is declined by the payment method (the session is then Canceled). */
  declineNext = false;
  /** Refunds stay RefundInitiated instead of Refunded. */
  refundsPending = false;
  server!: StandInServer;

  constructor(readonly merchantId = 'A3STANDINMERCHANT', readonly storeId = 'amzn1.application-oa2-client.standin') {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.merchantKey = { publicKeyId: 'SANDBOX-STANDINKEY', privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: pair.publicKey };
  }

  static async start(): Promise<AmazonPayStandIn> {
    const standIn = new AmazonPayStandIn();
    standIn.server = await StandInServer.start((request) => standIn.route(request));
    return standIn;
  }

  /** The adapter's environment for this stand-in. */
  env(publicUrl: string): Record<string, string> {
    return {
      AMAZON_PAY_PUBLIC_KEY_ID: this.merchantKey.publicKeyId,
      AMAZON_PAY_PRIVATE_KEY: this.merchantKey.privateKey,
      AMAZON_PAY_STORE_ID: this.storeId,
      AMAZON_PAY_MERCHANT_ID: this.merchantId,
      AMAZON_PAY_API_HOST: this.server.host,
      AMAZON_PAY_CHECKOUT_SCRIPT: `${this.server.webUrl}/checkout.js`,
      AMAZON_PAY_TIMEOUT_MS: '1500',
      PUBLIC_URL: publicUrl,
    };
  }

  /** RSASSA-PSS (SHA-256, salt 32) over "AMZN-PAY-RSASSA-PSS-V2\n" + hex SHA-256 of `text`. */
  signatureMatches(text: string, signature: string): boolean {
    const toSign = `AMZN-PAY-RSASSA-PSS-V2\n${createHash('sha256').update(text).digest('hex')}`;
    return createVerify('RSA-SHA256').update(toSign).verify({ key: this.merchantKey.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature, 'base64');
  }

  /** Checks the Authorization header as Amazon Pay's "signing requests" document describes. */
  private authorized(request: StandInRequest): boolean {
    const match = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=([^,]+), SignedHeaders=([^,]+), Signature=(.+)$/.exec(request.headers.authorization ?? '');
    if (!match || match[1] !== this.merchantKey.publicKeyId) return false;
    const signed = (match[2] ?? '').split(';');
    const query = [...request.query.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    const canonical = [
      request.method,
      request.path,
      query,
      ...signed.map((name) => `${name}:${request.headers[name] ?? ''}`),
      '',
      signed.join(';'),
      createHash('sha256').update(request.body).digest('hex'),
    ].join('\n');
    return this.signatureMatches(canonical, match[3] ?? '');
  }

  /** A buyer signed in at Amazon with the signed button payload: a new Open session. */
  openSession(payloadJSON: string, signature: string, signedRequest = false): AmazonSession | undefined {
    if (!signedRequest && !this.signatureMatches(payloadJSON, signature)) return undefined;
    const payload = JSON.parse(payloadJSON) as Json;
    const session: AmazonSession = {
      checkoutSessionId: randomUUID(),
      state: 'Open',
      reasonCode: null,
      buyerApproved: false,
      webCheckoutDetails: { ...(payload.webCheckoutDetails as Json) },
      paymentDetails: { ...(payload.paymentDetails as Json) },
      merchantMetadata: { ...(payload.merchantMetadata as Json) },
      chargeId: null,
      chargePermissionId: null,
    };
    this.sessions.set(session.checkoutSessionId, session);
    return session;
  }

  /** Create Checkout Session (API): an Open session for the store, no buyer yet. */
  private createSession(body: Json): StandInAnswer {
    if (body.storeId !== this.storeId || !(body.webCheckoutDetails as Json | undefined)?.checkoutReviewReturnUrl) return err(400, 'InvalidParameterValue');
    const session = this.openSession(JSON.stringify(body), '', true);
    return { status: 201, json: this.sessionJson(session!) };
  }

  /** The buyer pressed "pay" on amazonPayRedirectUrl. */
  approve(id: string): AmazonSession | undefined {
    const session = this.sessions.get(id);
    if (session?.state === 'Open') session.buyerApproved = true;
    return session;
  }

  sessionJson(session: AmazonSession): Json {
    return {
      checkoutSessionId: session.checkoutSessionId,
      webCheckoutDetails: session.webCheckoutDetails,
      paymentDetails: session.paymentDetails,
      merchantMetadata: session.merchantMetadata,
      paymentPreferences: [{ paymentDescriptor: 'Visa ****1111' }],
      statusDetails: status(session.state, session.reasonCode),
      chargePermissionId: session.chargePermissionId,
      chargeId: session.chargeId,
      storeId: this.storeId,
      releaseEnvironment: 'Sandbox',
    };
  }

  private chargeJson(id: string): StandInAnswer {
    const charge = this.charges.get(id);
    if (!charge) return err(404, 'ResourceNotFound');
    const state = charge.refunded > 0 || charge.state === 'Captured' ? 'Captured' : charge.state;
    return { status: 200, json: { chargeId: id, chargePermissionId: charge.chargePermissionId, chargeAmount: price(charge.amount), captureAmount: price(charge.amount), refundedAmount: price(charge.refunded), statusDetails: status(state, state === 'Declined' ? 'SoftDeclined' : null) } };
  }

  private complete(session: AmazonSession, body: Json): StandInAnswer {
    if (session.state === 'Completed') return { status: 200, json: this.sessionJson(session) };
    if (session.state === 'Canceled') return err(422, 'CheckoutSessionCanceled');
    if (!session.buyerApproved) return err(422, 'InvalidCheckoutSessionStatus');
    const wanted = (session.paymentDetails.chargeAmount as Json | undefined)?.amount;
    if (String((body.chargeAmount as Json | undefined)?.amount) !== String(wanted)) return err(400, 'InvalidParameterValue');
    if (this.declineNext) {
      this.declineNext = false;
      session.state = 'Canceled';
      session.reasonCode = 'Declined';
      return err(422, 'CheckoutSessionCanceled');
    }
    session.chargePermissionId = `S03-${randomUUID().slice(0, 8)}`;
    session.chargeId = `${session.chargePermissionId}-C01`;
    this.charges.set(session.chargeId, { chargeId: session.chargeId, chargePermissionId: session.chargePermissionId, state: 'Captured', amount: Number(wanted), refunded: 0 });
    session.state = 'Completed';
    return { status: 202, json: this.sessionJson(session) };
  }

  private createRefund(body: Json, key: string): StandInAnswer {
    const known = [...this.refunds.values()].find((refund) => refund.key === key && key !== '');
    if (known) return { status: 201, json: this.refundJson(known.refundId) };
    const charge = this.charges.get(String(body.chargeId));
    if (!charge || charge.state !== 'Captured') return err(404, 'ResourceNotFound');
    const amount = Number((body.refundAmount as Json | undefined)?.amount);
    if (!(amount > 0) || amount > charge.amount - charge.refunded) return err(400, 'TransactionAmountExceeded');
    charge.refunded += amount;
    const refundId = `${charge.chargeId.replace(/-C\d+$/, '')}-R0${this.refunds.size + 1}`;
    this.refunds.set(refundId, { refundId, chargeId: charge.chargeId, amount, state: this.refundsPending ? 'RefundInitiated' : 'Refunded', key });
    return { status: 201, json: this.refundJson(refundId) };
  }

  refundJson(id: string): Json {
    const refund = this.refunds.get(id);
    if (!refund) return {};
    return { refundId: id, chargeId: refund.chargeId, refundAmount: price(refund.amount), statusDetails: status(refund.state) };
  }

  private route(request: StandInRequest): StandInAnswer {
    const page = amazonPayPages(this, request);
    if (page) return page;
    const api = /^\/(?:sandbox\/|live\/)?v2\/(.+)$/.exec(request.path);
    if (!api) return err(404, 'ResourceNotFound');
    if (!this.authorized(request)) return err(401, 'InvalidRequestSignature');
    const [kind, id, action] = (api[1] ?? '').split('/');
    const body = request.body ? (JSON.parse(request.body) as Json) : {};
    const session = id ? this.sessions.get(id) : undefined;
    if (kind === 'checkoutSessions' && !id && request.method === 'POST') return this.createSession(body);
    if (kind === 'checkoutSessions') {
      if (!session) return err(404, 'ResourceNotFound');
      if (request.method === 'GET') return { status: 200, json: this.sessionJson(session) };
      if (request.method === 'POST' && action === 'complete') return this.complete(session, body);
      if (request.method === 'PATCH') {
        if (session.state !== 'Open') return err(422, 'InvalidCheckoutSessionStatus');
        Object.assign(session.webCheckoutDetails, body.webCheckoutDetails ?? {});
        Object.assign(session.paymentDetails, body.paymentDetails ?? {});
        Object.assign(session.merchantMetadata, body.merchantMetadata ?? {});
        if (session.webCheckoutDetails.checkoutResultReturnUrl && session.paymentDetails.chargeAmount) {
          session.webCheckoutDetails.amazonPayRedirectUrl = `${this.server.webUrl}/pay/${session.checkoutSessionId}`;
        }
        return { status: 200, json: this.sessionJson(session) };
      }
    }
    if (kind === 'charges' && request.method === 'GET' && id) return this.chargeJson(id);
    if (kind === 'chargePermissions' && request.method === 'GET') {
      const owner = [...this.sessions.values()].find((s) => s.chargePermissionId === id);
      if (!owner) return err(404, 'ResourceNotFound');
      return { status: 200, json: { chargePermissionId: id, merchantMetadata: owner.merchantMetadata, statusDetails: status('Closed') } };
    }
    if (kind === 'refunds' && request.method === 'POST' && !id) return this.createRefund(body, request.headers['x-amz-pay-idempotency-key'] ?? '');
    if (kind === 'refunds' && request.method === 'GET' && id) return this.refunds.has(id) ? { status: 200, json: this.refundJson(id) } : err(404, 'ResourceNotFound');
    return err(400, 'InvalidParameterValue');
  }

  /**
   * An IPN as Amazon SNS posts it (SignatureVersion 1, SHA1withRSA by the certificate at
   * SigningCertURL). `forged` signs it with another key.
   */
  ipn(objectType: string, objectId: string, chargePermissionId: string, options: { forged?: boolean; merchantId?: string } = {}): string {
    const message = JSON.stringify({ ReleaseEnvironment: 'Sandbox', MerchantID: options.merchantId ?? this.merchantId, ObjectType: objectType, ObjectId: objectId, ChargePermissionId: chargePermissionId, NotificationType: 'STATE_CHANGE', NotificationId: randomUUID(), NotificationVersion: 'V1' });
    const envelope = { Type: 'Notification', MessageId: randomUUID(), TopicArn: 'arn:aws:sns:us-west-2:000000000000:standin', Message: message, Timestamp: new Date().toISOString(), SignatureVersion: '1' };
    const text = `Message\n${envelope.Message}\nMessageId\n${envelope.MessageId}\nTimestamp\n${envelope.Timestamp}\nTopicArn\n${envelope.TopicArn}\nType\n${envelope.Type}\n`;
    const key = options.forged ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : testCertificate().key;
    const Signature = createSign('RSA-SHA1').update(text).sign(key, 'base64');
    return JSON.stringify({ ...envelope, Signature, SigningCertURL: `${this.server.url}/SimpleNotificationService-standin.pem`, UnsubscribeURL: `${this.server.url}/unsubscribe` });
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
