/**
 * The part of @amazonpay/amazon-pay-api-sdk-nodejs (plain JavaScript, no types) the adapter
 * uses, as its README and src/client.js describe it. Calls answer the axios response.
 */
declare module '@amazonpay/amazon-pay-api-sdk-nodejs' {
  interface AmazonPayConfig {
    publicKeyId: string;
    privateKey: string | Buffer;
    region: string;
    sandbox?: boolean;
    algorithm?: string;
    overrideServiceUrl?: string;
  }
  type Headers = Record<string, string> | null;
  type Answer = Promise<{ status: number; data: unknown }>;
  interface WebStoreClient {
    generateButtonSignature(payload: string | object): string;
    createCheckoutSession(payload: object, headers: Headers): Answer;
    getCheckoutSession(checkoutSessionId: string, headers?: Headers): Answer;
    updateCheckoutSession(checkoutSessionId: string, payload: object, headers?: Headers): Answer;
    completeCheckoutSession(checkoutSessionId: string, payload: object, headers?: Headers): Answer;
    getChargePermission(chargePermissionId: string, headers?: Headers): Answer;
    getCharge(chargeId: string, headers?: Headers): Answer;
    cancelCharge(chargeId: string, payload: object, headers?: Headers): Answer;
    createRefund(payload: object, headers: Headers): Answer;
    getRefund(refundId: string, headers?: Headers): Answer;
  }
  const sdk: { WebStoreClient: new (config: AmazonPayConfig) => WebStoreClient };
  export default sdk;
}
