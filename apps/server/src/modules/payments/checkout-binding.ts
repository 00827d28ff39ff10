import { AppError } from '../../kernel/errors.ts';
import type { CheckoutSessions } from './provider.ts';

/**
 * A checkout session (`cs_…`) belongs to the member who asked for its button: the signed button
 * payload carries the member's reference as merchant metadata, the provider keeps it with the
 * session, and every use of a session id checks it. So a member who learns another member's
 * session id can neither remember it (set_checkout_session) nor order with it (point/buy), and
 * the other member's session stays open for its own order.
 */
export function checkoutMemberRef(userId: number): string {
  return `oripa-member:${userId}`;
}

/** The merchant metadata of a button payload that binds its session to the member. */
export function checkoutMetadata(userId: number): { customInformation: string } {
  return { customInformation: checkoutMemberRef(userId) };
}

/**
 * The session if it is open and the member's; otherwise undefined (another member's session
 * reads as unknown, so nothing tells that it exists).
 */
export async function memberCheckoutSession(checkout: CheckoutSessions, userId: number, id: string) {
  const found = await checkout.get(id);
  if (!found || found.memberRef !== checkoutMemberRef(userId)) return undefined;
  return found;
}

export function checkoutSessionRequired(extra?: Record<string, unknown>): AppError {
  return AppError.field('payment', 'payment.checkout_session_required', undefined, extra);
}
