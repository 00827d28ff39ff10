import { PAYMENT_RETURN_ROUTES, type PaymentOutcome } from '@oripa/contract/payments';
import { AppError } from '../../kernel/errors.ts';
import { saveSessionData } from '../sessions/sessions.service.ts';
import { resolveCourse } from './courses.service.ts';
import { checkoutMetadata, memberCheckoutSession } from './checkout-binding.ts';
import { appendPayment } from './completion.service.ts';
import { absoluteUrl, type PaymentContext } from './payment-context.ts';
import { assertOffered } from './point-purchase.service.ts';
import * as repo from './payments.repo.ts';
import type { CheckoutSessions } from './provider.ts';
import { providerFor, providerNameFor } from './providers.ts';

/**
 * The checkout-session wallet (payment id 3, Amazon Pay style; spec section 7):
 * 1. GET /user/button_signature signs the button payload for the current course;
 * 2. the browser opens the provider's checkout, where the buyer chooses how to pay; it comes
 *    back to /confirm-buy-point?…&amazonCheckoutSessionId=…;
 * 3. GET /user/set_checkout_session/{id} and GET /user/get_checkout_session show the choice;
 * 4. POST /user/point/buy {pay_id: 3} binds the session to an order and answers the provider's
 *    page, which returns to /amazon-pay-redirect;
 * 5. GET /user/complete_checkout_session completes the charge; /complete-buy-point-amazom-pay
 *    then shows GET /user/point/end.
 */

const WALLET = 3;

function sessionsOf(ctx: PaymentContext): CheckoutSessions {
  assertOffered(ctx.config, WALLET);
  const checkout = providerFor(ctx.db, ctx.config, WALLET).checkout;
  if (!checkout) throw AppError.field('pay_id', 'payment.method_unavailable');
  return checkout;
}

/** The member of a member route's context. */
function memberOf(ctx: PaymentContext): number {
  if (ctx.session.userId === null) throw AppError.loginRequired();
  return ctx.session.userId;
}

/** GET /user/button_signature: the signed button payload and where the browser opens it. */
export async function buttonSignature(ctx: PaymentContext, named: number | undefined) {
  const checkout = sessionsOf(ctx);
  const course = await resolveCourse(ctx.db, ctx.session, named);
  const packId = ctx.session.data.pointPackId;
  const review = `${PAYMENT_RETURN_ROUTES.checkoutReview}?pointPriceId=${course.id}${packId ? `&packId=${packId}` : ''}`;
  const signed = await checkout.signButton({
    webCheckoutDetails: { checkoutReviewReturnUrl: review },
    scopes: ['name', 'email'],
    chargePermissionType: 'OneTime',
    merchantMetadata: checkoutMetadata(memberOf(ctx)),
    paymentDetails: { paymentIntent: 'AuthorizeWithCapture', chargeAmount: { amount: String(course.price), currencyCode: 'JPY' } },
  });
  const query = `payloadJSON=${encodeURIComponent(signed.payloadJSON)}&signature=${encodeURIComponent(signed.signature)}`;
  return {
    signature: signed.signature,
    payloadJSON: signed.payloadJSON,
    checkout_url: absoluteUrl(ctx.origin, signed.checkoutUrl),
    button_url: absoluteUrl(ctx.origin, `${signed.checkoutUrl}?${query}`),
    public_key_id: signed.publicKeyId,
    store_id: signed.storeId,
  };
}

/** GET /user/set_checkout_session/{id}: remembers the buyer's open checkout session. */
export async function setCheckoutSession(ctx: PaymentContext, id: string) {
  const found = await memberCheckoutSession(sessionsOf(ctx), memberOf(ctx), id);
  if (!found || found.status !== 'open') throw AppError.field('payment', 'payment.checkout_session_gone');
  await saveSessionData(ctx.db, ctx.session, { checkoutSessionId: id });
  return { result: '1', checkout_session_id: id };
}

/** GET /user/get_checkout_session: the payment method the buyer chose at the provider. */
export async function getCheckoutSession(ctx: PaymentContext) {
  const id = ctx.session.data.checkoutSessionId;
  const found = id ? await memberCheckoutSession(sessionsOf(ctx), memberOf(ctx), id) : undefined;
  if (!id || !found) throw AppError.field('payment', 'payment.checkout_session_gone');
  return { payMethod: found.payMethod, checkout_session_id: id };
}

/**
 * GET /user/complete_checkout_session: completes the member's order of the checkout session
 * (the one named by amazonCheckoutSessionId, else the session's). Replays change nothing.
 */
export async function completeCheckoutSession(ctx: PaymentContext, userId: number, named: string | undefined): Promise<PaymentOutcome> {
  const id = named ?? ctx.session.data.checkoutSessionId;
  const payment = id ? await repo.findByProviderRef(ctx.db, providerNameFor(ctx.config, WALLET), id) : undefined;
  if (!payment || payment.userId !== userId) throw AppError.field('payment', 'payment.not_found');
  const outcome = await appendPayment(ctx.db, ctx.session, userId, payment.id, ctx.lang);
  if (ctx.session.data.checkoutSessionId === id) await saveSessionData(ctx.db, ctx.session, { checkoutSessionId: undefined });
  return outcome;
}
