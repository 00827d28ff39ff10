/**
 * Shipping requests as members and the console see them (issue 13), zod-free so the member's
 * pack history can use it without loading the schema library: the states, the carriers and
 * the one place their tracking pages' addresses are made.
 */

/** A request's states: requested → picking → packed → shipped → delivered, plus returned and cancelled. */
export const SHIPPING_STATE = {
  requested: 'requested',
  picking: 'picking',
  packed: 'packed',
  shipped: 'shipped',
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
} as const;
export type ShippingState = (typeof SHIPPING_STATE)[keyof typeof SHIPPING_STATE];
export const SHIPPING_STATES = Object.values(SHIPPING_STATE) as [ShippingState, ...ShippingState[]];

/** States still waiting for the warehouse: the 14-business-day promise runs while in one of these. */
export const OPEN_SHIPPING_STATES: readonly ShippingState[] = [SHIPPING_STATE.requested, SHIPPING_STATE.picking, SHIPPING_STATE.packed];

/** States in which the parcel has left (the pack history's send_state '2'). */
export const SENT_SHIPPING_STATES: readonly ShippingState[] = [SHIPPING_STATE.shipped, SHIPPING_STATE.delivered];

/**
 * The transitions allowed from each state. The main line moves one step forward only; the
 * documented exceptions are cancelling before the parcel leaves (requested, picking, packed)
 * and a return after it left (shipped, delivered). Returned and cancelled are final.
 */
export const SHIPPING_TRANSITIONS: Readonly<Record<ShippingState, readonly ShippingState[]>> = {
  requested: [SHIPPING_STATE.picking, SHIPPING_STATE.cancelled],
  picking: [SHIPPING_STATE.packed, SHIPPING_STATE.cancelled],
  packed: [SHIPPING_STATE.shipped, SHIPPING_STATE.cancelled],
  shipped: [SHIPPING_STATE.delivered, SHIPPING_STATE.returned],
  delivered: [SHIPPING_STATE.returned],
  returned: [],
  cancelled: [],
};

export function isShippingState(value: string): value is ShippingState {
  return (SHIPPING_STATES as readonly string[]).includes(value);
}

/** Why a transition cannot be made (the console translates these). */
export type TransitionRefusal = 'not_found' | 'skip_or_back' | 'final' | 'not_convertible' | 'tracking_required';

/**
 * The one rule for moving a request: 'same' (already there: nothing to do, no event), 'ok', or
 * why not. A state that is further along the main line or final refuses going back.
 */
export function checkTransition(from: ShippingState, to: ShippingState): 'same' | 'ok' | TransitionRefusal {
  if (from === to) return 'same';
  if (SHIPPING_TRANSITIONS[from].includes(to)) return 'ok';
  return SHIPPING_TRANSITIONS[from].length === 0 ? 'final' : 'skip_or_back';
}

/** Business days (Japan) the thank-you page promises a shipment within. */
export const SHIPPING_PROMISE_BUSINESS_DAYS = 14;

/** Carriers whose tracking numbers the shop records. */
export const CARRIER = { yamato: 'yamato', sagawa: 'sagawa', japanpost: 'japanpost' } as const;
export type Carrier = (typeof CARRIER)[keyof typeof CARRIER];
export const CARRIERS = Object.values(CARRIER) as [Carrier, ...Carrier[]];

export const CARRIER_NAMES: Readonly<Record<Carrier, { ja: string; en: string }>> = {
  yamato: { ja: 'ヤマト運輸', en: 'Yamato Transport' },
  sagawa: { ja: '佐川急便', en: 'Sagawa Express' },
  japanpost: { ja: '日本郵便', en: 'Japan Post' },
};

/** Tracking numbers: digits and capital letters (international mail), hyphens and spaces removed. */
export const TRACKING_NUMBER_PATTERN = /^[0-9A-Z]{8,20}$/;

export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/[\s\-－ー]/g, '').toUpperCase();
}

/** The carriers' public tracking pages, one place (members' history, mails, the console). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case CARRIER.yamato:
      return `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`;
    case CARRIER.sagawa:
      return `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`;
    case CARRIER.japanpost:
      return `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&searchKind=S002&locale=ja`;
  }
}

export function isCarrier(value: string): value is Carrier {
  return (CARRIERS as readonly string[]).includes(value);
}

/** A shipment as its member sees it (pack history detail, exchanges). */
export interface MemberShipment {
  id: number;
  state: ShippingState;
  carrier: Carrier | '';
  tracking_number: string;
  tracking_url: string;
  shipped_at: string | null;
}
