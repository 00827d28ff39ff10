import type { CheckoutSessions } from '../provider.ts';
import { AmazonPayError, type AmazonPayApi } from './amazonpay-api.ts';
import type { AmazonPaySettings } from './amazonpay-env.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The checkout-session calls of GET /user/button_signature and the session screens. The button
 * payload's return address becomes absolute (Amazon Pay accepts only absolute https URLs) and
 * names the store; the SDK signs it with the merchant key (generateButtonSignature). A session
 * is 'bound' once an order of the shop took it (its merchantReferenceId is set).
 */
export function checkoutSessions(api: AmazonPayApi, settings: AmazonPaySettings, checkoutPage: string): CheckoutSessions {
  return {
    async signButton(payload) {
      const details = (payload.webCheckoutDetails ?? {}) as Record<string, unknown>;
      const review = text(details.checkoutReviewReturnUrl);
      const payloadJSON = JSON.stringify({
        ...payload,
        webCheckoutDetails: { ...details, checkoutReviewReturnUrl: review.startsWith('/') ? `${settings.PUBLIC_URL}${review}` : review },
        storeId: settings.AMAZON_PAY_STORE_ID,
      });
      return {
        payloadJSON,
        signature: api.signButton(payloadJSON),
        checkoutUrl: checkoutPage,
        publicKeyId: settings.AMAZON_PAY_PUBLIC_KEY_ID,
        storeId: settings.AMAZON_PAY_STORE_ID,
      };
    },
    async get(id) {
      let session;
      try {
        session = await api.getCheckoutSession(id);
      } catch (error) {
        if (error instanceof AmazonPayError && (error.status === 404 || error.status === 400)) return undefined;
        throw error;
      }
      const metadata = (session.merchantMetadata ?? {}) as Record<string, unknown>;
      const state = session.statusDetails?.state;
      const status = state === 'Canceled' ? 'canceled' : state === 'Open' && !text(metadata.merchantReferenceId) ? 'open' : 'bound';
      const preferences = Array.isArray(session.paymentPreferences) ? (session.paymentPreferences as Record<string, unknown>[]) : [];
      return { status, payMethod: text(preferences[0]?.paymentDescriptor), memberRef: text(metadata.customInformation) };
    },
  };
}
