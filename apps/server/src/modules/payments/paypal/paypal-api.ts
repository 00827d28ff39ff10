import https from 'node:https';
import tls from 'node:tls';
import type * as PayPalSdk from '@paypal/paypal-server-sdk';
import type { Client, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import { ProviderUnavailableError } from '../provider.ts';
import type { PayPalSettings } from './paypal-env.ts';

type Sdk = typeof PayPalSdk;

/**
 * The SDK, imported at the first PayPal call rather than when the server starts: it takes
 * seconds of CPU to load on a busy machine, and most processes that import the app (a shop
 * without PayPal, each test file, each operator command) never call PayPal.
 */
let sdk: Sdk | undefined;
async function loadSdk(): Promise<Sdk> {
  sdk ??= await import('@paypal/paypal-server-sdk');
  return sdk;
}

/** An answer of PayPal with a 4xx status: its error name and first issue (e.g. ORDER_NOT_APPROVED). */
export class PayPalError extends Error {
  override name = 'PayPalError';
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal answered ${status} ${issue}`);
  }
}

/** Turns what the SDK threw into PayPalError (PayPal said no) or ProviderUnavailableError (no answer, 5xx). */
export function payPalFailure(error: unknown): Error {
  // Only the SDK throws an ApiError, so none can exist before it is loaded.
  const ApiError = sdk?.ApiError;
  if (ApiError && error instanceof ApiError && error.statusCode < 500) {
    let issue = '';
    try {
      const body = JSON.parse(typeof error.body === 'string' ? error.body : '') as { name?: string; details?: { issue?: string }[] };
      issue = body.details?.[0]?.issue ?? body.name ?? '';
    } catch {
      // An answer without a JSON body: the status alone.
    }
    return new PayPalError(error.statusCode, issue);
  }
  return new ProviderUnavailableError(ApiError && error instanceof ApiError ? `PayPal answered ${error.statusCode}` : 'PayPal did not answer');
}

/**
 * Tests and local runs only: an HTTPS agent whose connections go to the stand-in (host:port)
 * whatever host the SDK names, so the SDK keeps its own URLs. The stand-in's certificate is a
 * throwaway, hence not checked, and only on this agent.
 */
function standInAgent(hostPort: string): https.Agent {
  const [host = '127.0.0.1', port = '443'] = hostPort.split(':');
  const agent = new https.Agent({ keepAlive: true });
  (agent as unknown as { createConnection: (options: tls.ConnectionOptions) => tls.TLSSocket }).createConnection = (options) =>
    tls.connect({ ...options, host, port: Number(port), servername: undefined, rejectUnauthorized: false });
  return agent;
}

/** The PayPal REST API through the official SDK (Orders v2, Payments v2) and its OAuth token. */
export class PayPalApi {
  readonly baseUrl: string;
  readonly agent: https.Agent | undefined;
  private sdkParts: { client: Client; orders: OrdersController; payments: PaymentsController } | undefined;

  constructor(readonly settings: PayPalSettings) {
    this.agent = settings.PAYPAL_API_HOST ? standInAgent(settings.PAYPAL_API_HOST) : undefined;
    this.baseUrl = settings.PAYPAL_ENVIRONMENT === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
  }

  /** The SDK's client and controllers, made at the first call (loadSdk). */
  private async ready(): Promise<{ client: Client; orders: OrdersController; payments: PaymentsController }> {
    if (this.sdkParts) return this.sdkParts;
    const { Client, Environment, OrdersController, PaymentsController } = await loadSdk();
    const settings = this.settings;
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: settings.PAYPAL_CLIENT_ID, oAuthClientSecret: settings.PAYPAL_CLIENT_SECRET },
      environment: settings.PAYPAL_ENVIRONMENT === 'live' ? Environment.Production : Environment.Sandbox,
      timeout: settings.PAYPAL_TIMEOUT_MS,
      // The shop retries through its sweeper; the SDK does not wait and retry inside a request.
      httpClientOptions: { timeout: settings.PAYPAL_TIMEOUT_MS, retryConfig: { maxNumberOfRetries: 0 }, ...(this.agent ? { httpsAgent: this.agent } : {}) },
    });
    // Two calls racing here make one set: the first assignment wins.
    this.sdkParts ??= { client, orders: new OrdersController(client), payments: new PaymentsController(client) };
    return this.sdkParts;
  }

  private loaded(): { client: Client; orders: OrdersController; payments: PaymentsController } {
    if (!this.sdkParts) throw new Error('PayPal SDK used outside call(): its controllers exist once call() or accessToken() loaded it');
    return this.sdkParts;
  }

  /** Orders v2; read inside call(), which loads the SDK first. */
  get orders(): OrdersController {
    return this.loaded().orders;
  }

  /** Payments v2; read inside call(), which loads the SDK first. */
  get payments(): PaymentsController {
    return this.loaded().payments;
  }

  /** Runs an SDK call; what it throws becomes PayPalError or ProviderUnavailableError. */
  async call<T>(run: () => Promise<{ result: T }>): Promise<T> {
    await this.ready();
    try {
      return (await run()).result;
    } catch (error) {
      throw payPalFailure(error);
    }
  }

  private token: { value: string; until: number } | undefined;

  /** A client-credentials access token (the SDK's OAuth call), kept until shortly before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const { client } = await this.ready();
    let fetched;
    try {
      fetched = await client.clientCredentialsAuthManager.fetchToken();
    } catch (error) {
      throw payPalFailure(error);
    }
    const lifetime = Number(fetched.expiresIn ?? 0) * 1000;
    this.token = { value: fetched.accessToken, until: Date.now() + Math.max(0, lifetime - 60_000) };
    return fetched.accessToken;
  }

  /** POST to a REST path the SDK has no call for (the webhook signature check), with the token. */
  async postJson(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const token = await this.accessToken();
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = https.request(
        `${this.baseUrl}${path}`,
        {
          method: 'POST',
          agent: this.agent,
          timeout: this.settings.PAYPAL_TIMEOUT_MS,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            let json: unknown = undefined;
            try {
              json = JSON.parse(text);
            } catch {
              // not JSON: the status tells
            }
            resolve({ status: response.statusCode ?? 0, json });
          });
        },
      );
      request.on('timeout', () => request.destroy(new ProviderUnavailableError('PayPal timed out')));
      request.on('error', (error) => reject(error instanceof ProviderUnavailableError ? error : new ProviderUnavailableError(error.message)));
      request.end(payload);
    });
  }
}
