import { timingSafeEqual } from 'node:crypto';
import { NotificationRejectedError, type ProviderNotification } from '../provider.ts';
import { paymentIdOf, type GmoSettings } from './gmo-settings.ts';

/**
 * GMO's result notification (結果通知プログラム): a form post of the transaction's fields
 * (ShopID, OrderID, AccessID, Status, JobCd, PayType, Amount…) to the URL set in the shop's
 * management screen, with the HTTP Basic authentication set there. It carries no signature, so
 * the shop checks the Basic credentials and that it is about one of its own orders, then asks
 * GMO (SearchTrade / SearchTradeMulti) and trusts only that answer. The shop answers '0' (GMO
 * sends again until it reads 0).
 */

export const GMO_NOTIFICATION_ACK = '0';

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicCredentials(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value ?? '');
  return match ? Buffer.from(match[1] as string, 'base64').toString('utf8') : '';
}

/** Statuses that undo money already taken: a refund or cancel made at GMO (e.g. in its own screen). */
const UNDOING = new Set(['VOID', 'RETURN', 'RETURNX', 'CANCEL']);
/** PayTypes whose CANCEL gives money back (carriers, PayPay); a slip's CANCEL closes an unpaid slip. */
const CANCEL_REFUNDS = new Set(['8', '9', '11', '45']);

export function verifyGmoNotification(settings: GmoSettings, body: unknown, headers: Record<string, string | string[] | undefined>): ProviderNotification {
  if (!sameText(basicCredentials(headers.authorization), `${settings.GMO_NOTIFY_USER}:${settings.GMO_NOTIFY_PASSWORD}`)) {
    throw new NotificationRejectedError('GMO notification without the configured Basic credentials');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (text('ShopID') !== settings.GMO_SHOP_ID) throw new NotificationRejectedError('GMO notification for another shop');
  const paymentId = paymentIdOf(settings, text('OrderID'));
  const providerRef = text('AccessID');
  if (paymentId === undefined || !/^[A-Za-z0-9]{1,64}$/.test(providerRef)) {
    throw new NotificationRejectedError('GMO notification about no order of this shop');
  }
  const status = text('Status');
  if (!UNDOING.has(status) || (status === 'CANCEL' && !CANCEL_REFUNDS.has(text('PayType')))) return { paymentId, providerRef, kind: 'payment' };
  // The refund's key: the transaction and the time GMO recorded the change.
  return { paymentId, providerRef, kind: 'refund', providerRefundRef: `${providerRef}:${status}:${text('TranDate') || text('ProcessDate')}` };
}
