import amazonPay from '@amazonpay/amazon-pay-api-sdk-nodejs';
import { ProviderUnavailableError } from '../provider.ts';
import type { AmazonPaySettings } from './amazonpay-env.ts';

/**
 * The Amazon Pay API v2 calls the adapter makes, through the official SDK's WebStoreClient
 * (it signs every request with the merchant's RSA key, AMZN-PAY-RSASSA-PSS-V2). A call that
 * does not answer in time or fails on the network throws ProviderUnavailableError (the payment
 * stays as it is); an answer of Amazon Pay with an error status throws AmazonPayError.
 */
export class AmazonPayError extends Error {
  override name = 'AmazonPayError';
  constructor(
    readonly status: number,
    readonly reasonCode: string,
  ) {
    super(`Amazon Pay answered ${status} ${reasonCode}`);
  }
}

export type AmazonPayObject = Record<string, unknown> & {
  statusDetails?: { state?: string; reasonCode?: string | null };
};

export function sdkConfig(settings: AmazonPaySettings) {
  return {
    publicKeyId: settings.AMAZON_PAY_PUBLIC_KEY_ID,
    privateKey: settings.AMAZON_PAY_PRIVATE_KEY,
    region: settings.AMAZON_PAY_REGION,
    sandbox: settings.AMAZON_PAY_SANDBOX,
    algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    // The SDK's own switch for another API host (it then calls https://<host>/…): tests only.
    ...(settings.AMAZON_PAY_API_HOST ? { overrideServiceUrl: settings.AMAZON_PAY_API_HOST } : {}),
  };
}

function failureOf(error: unknown): Error {
  const response = (error as { response?: { status?: number; data?: { reasonCode?: unknown } } }).response;
  if (response?.status !== undefined && response.status < 500) {
    return new AmazonPayError(response.status, typeof response.data?.reasonCode === 'string' ? response.data.reasonCode : '');
  }
  return new ProviderUnavailableError(response ? `Amazon Pay answered ${response.status}` : 'Amazon Pay did not answer');
}

export class AmazonPayApi {
  readonly client: InstanceType<typeof amazonPay.WebStoreClient>;

  constructor(private readonly settings: AmazonPaySettings) {
    this.client = new amazonPay.WebStoreClient(sdkConfig(settings));
  }

  /** One SDK call with the adapter's time limit; the answer's JSON body. */
  private async call(run: () => Promise<{ data: unknown }>): Promise<AmazonPayObject> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProviderUnavailableError('Amazon Pay timed out')), this.settings.AMAZON_PAY_TIMEOUT_MS);
    });
    try {
      const response = await Promise.race([run(), timeout]);
      return (response.data ?? {}) as AmazonPayObject;
    } catch (error) {
      throw error instanceof ProviderUnavailableError ? error : failureOf(error);
    } finally {
      clearTimeout(timer);
    }
  }

  signButton(payloadJSON: string): string {
    return this.client.generateButtonSignature(payloadJSON);
  }

  getCheckoutSession(id: string) {
    return this.call(() => this.client.getCheckoutSession(id));
  }

  updateCheckoutSession(id: string, payload: object) {
    return this.call(() => this.client.updateCheckoutSession(id, payload));
  }

  completeCheckoutSession(id: string, payload: object) {
    return this.call(() => this.client.completeCheckoutSession(id, payload));
  }

  getCharge(id: string) {
    return this.call(() => this.client.getCharge(id));
  }

  getChargePermission(id: string) {
    return this.call(() => this.client.getChargePermission(id));
  }

  createRefund(payload: object, idempotencyKey: string) {
    return this.call(() => this.client.createRefund(payload, { 'x-amz-pay-idempotency-key': idempotencyKey }));
  }

  getRefund(id: string) {
    return this.call(() => this.client.getRefund(id));
  }
}
