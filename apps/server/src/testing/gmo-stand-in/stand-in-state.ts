import { randomBytes } from 'node:crypto';

/** One order as the stand-in (standing for GMO's systems) holds it. */
export interface StandInOrder {
  orderId: string;
  accessId: string;
  accessPass: string;
  /** SearchTradeMulti's PayType: 0 card, 3 convenience store, 8 au, 9 docomo, 11 SoftBank, 45 PayPay. */
  payType: string;
  jobCd: string;
  amount: number;
  status: string;
  tranDate: string;
  tranId: string;
  retUrl: string;
  /** Card: the 3-D Secure 2.0 result so far. */
  tds: 'none' | 'pending' | 'approved' | 'declined';
  /** Carrier / PayPay: the one-time token the StartURL post must carry. */
  startToken: string;
  /** Carrier / PayPay: until when the StartURL post is taken (ms). */
  startLimit: number;
  cvs?: { convenience: string; receiptNo: string; confNo: string; paymentTerm: string; receiptUrl: string };
  errCode: string;
  errInfo: string;
}

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** GMO's yyyyMMddHHmmss in Japan time. */
export function gmoDate(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export class StandInState {
  readonly orders = new Map<string, StandInOrder>();
  /** Tokens issued by the token API: single use, standing for the card they were made from. */
  readonly tokens = new Map<string, { cardNumber: string; used: boolean }>();

  byAccess(accessId: unknown, accessPass: unknown): StandInOrder | undefined {
    for (const order of this.orders.values()) if (order.accessId === accessId && order.accessPass === accessPass) return order;
    return undefined;
  }

  byAccessId(accessId: unknown): StandInOrder | undefined {
    for (const order of this.orders.values()) if (order.accessId === accessId) return order;
    return undefined;
  }

  enter(orderId: string, payType: string, jobCd: string, amount: number): StandInOrder {
    const order: StandInOrder = {
      orderId,
      accessId: hex(16),
      accessPass: hex(16),
      payType,
      jobCd,
      amount,
      status: 'UNPROCESSED',
      tranDate: '',
      tranId: '',
      retUrl: '',
      tds: 'none',
      startToken: '',
      startLimit: 0,
      errCode: '',
      errInfo: '',
    };
    this.orders.set(orderId, order);
    return order;
  }

  /** Moves an order (a sale, a cancel, a payment at the till) and stamps it. */
  settle(order: StandInOrder, status: string, now = new Date()): void {
    order.status = status;
    order.tranDate = gmoDate(now);
    order.tranId = `${gmoDate(now)}${hex(7)}`;
  }
}
