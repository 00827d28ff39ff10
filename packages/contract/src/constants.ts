/**
 * Plain constants and rules of the catalogue and purchases, free of zod so the web app can
 * import them without loading the schema library into every screen.
 */

/** Most packs one purchase may take (spec section 9). */
export const MAX_PURCHASE_COUNT = 3000;

/** all_list type 0 means every card type. */
export const ALL_CARD_TYPES = 0;

/** Won-card rarity runs 1-7; the lineup shows four display tiers (design decision 3). */
export const RARITY_MIN = 1;
export const RARITY_MAX = 7;
export const RARITY_TIERS = ['normal', 'rare', 'superRare', 'ultraRare'] as const;
export type RarityTier = 0 | 1 | 2 | 3;

export function rarityTier(rarity: number): RarityTier {
  if (rarity >= 7) return 3;
  if (rarity >= 5) return 2;
  if (rarity >= 3) return 1;
  return 0;
}

/** Labels of won-card rarities 1-7, shown on cards and in the reveal. */
export const RARITY_LABELS: Record<number, string> = {
  1: 'C',
  2: 'U',
  3: 'R',
  4: 'RR',
  5: 'SR',
  6: 'SSR',
  7: 'UR',
};

/** Movie styles of the reveal (spec section 9); 0 is the default look. */
export const MOVIE_STYLES = [0, 1, 2, 3, 6, 8, 9, 10, 11, 12, 13, 14] as const;

/** payment_method of a pack: '1' paid with points, '2' paid with coins. */
export const PAYMENT_METHOD = { points: '1', coins: '2' } as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

/** action_type of a prize and of a won card: '0' the member chooses ship or convert, '2' ship only. */
export const ACTION_TYPE = { choose: '0', shipOnly: '2' } as const;
export type ActionType = (typeof ACTION_TYPE)[keyof typeof ACTION_TYPE];

/** status of a won card: '0' undecided, '1' to be shipped, '2' converted to points. */
export const CARD_STATUS = { undecided: '0', ship: '1', converted: '2' } as const;
export type CardStatus = (typeof CARD_STATUS)[keyof typeof CARD_STATUS];

/** is_login of GET /user/point: '0' a visitor, '1' a member. */
export const IS_LOGIN = { visitor: '0', member: '1' } as const;
export type IsLogin = (typeof IS_LOGIN)[keyof typeof IS_LOGIN];

/** Result codes of the purchase calls (/user/pack/check, /user/pack/buy, the result calls). */
export const PURCHASE_RESULT = {
  ok: '1',
  /** Not enough points (point pack) or coins (coin pack): the client offers to buy more. */
  insufficient: '-1',
  /** Any other refusal of the count (limits, stock, sale window). */
  refused: '0',
} as const;

/** Result codes of POST /user/pack/decision: '1' decided now (200), '-1' already decided (204). */
export const DECISION_RESULT = { ok: '1', alreadyDecided: '-1' } as const;

/** send_state of a pack history row. */
export const SEND_STATE = { undecided: '0', preparing: '1', shipped: '2', none: '3' } as const;
export type SendState = (typeof SEND_STATE)[keyof typeof SEND_STATE];

/** status of a pack history row: '1' when every card is decided (the row opens the detail). */
export const HISTORY_STATUS = { choosing: '0', decided: '1' } as const;

/** Pack-history filter (design decision 4): all, not selected, not shipped, shipped, no shipping. */
export const HISTORY_MODE = {
  all: '0',
  notSelected: '1',
  notShipped: '2',
  shipped: '3',
  noShipping: '4',
} as const;
export const HISTORY_MODES = ['0', '1', '2', '3', '4'] as const;
export type HistoryMode = (typeof HISTORY_MODES)[number];

/** Yes/no flags of the wire ('0'/'1'): show_cardlist of a pack, save_cookie of the login. */
export const FLAG = { no: '0', yes: '1' } as const;

/** Yes/no flags the spec gives as numbers (0/1): can_limit of a pack, is_buy_coin of a purchase. */
export const NUMBER_FLAG = { no: 0, yes: 1 } as const;

/** Banner area: mode 1 is a slider of images, 2 a video (GET /user/banner, the console's setting). */
export const BANNER_MODE = { slider: 1, video: 2 } as const;

/** User detail end_sms: whether the phone was verified by SMS (spec section 3). */
export const END_SMS = { unverified: 0, verified: 1 } as const;

/**
 * What one pack costs the member: nothing for a free daily pack (decision 056), else its price.
 * Here, with the shop's other small rules the pages share, so no chunk of its own is loaded.
 */
export function packUnitPrice(pack: { point: number; members_only?: { free_daily: boolean } | undefined }): number {
  return pack.members_only?.free_daily ? 0 : pack.point;
}

/** The count select's options run 1 … this (spec sections 5 and 9). */
export function maxPurchaseCount(packCount: number, maxBuyCount: number): number {
  const capped = Math.min(Math.max(packCount, 0), MAX_PURCHASE_COUNT);
  return maxBuyCount > 0 ? Math.min(capped, maxBuyCount) : capped;
}

/** Draws a page of the public draw log holds (re-exported by trust.ts). */
export const DRAW_LOG_PAGE_SIZE = 100;

/** Hours a member has to choose between shipping and converting won cards. */
export const DECISION_HOURS = 24;

// ---------------------------------------------------------------------------------------------
// Payments (spec sections 2-5, 8, 9). Plain data the payment screens need without zod.

/**
 * Payment ids of the spec (section 3). 7 is unnamed and never offered; 9 (unnamed in the spec)
 * is the payment-service remittance that leads to /payge-transfer-information.
 */
export const PAY_ID = {
  card: 1,
  combini: 2,
  wallet: 3,
  bank: 4,
  wallet2: 5,
  carrier: 6,
  mobile: 8,
  remittance: 9,
  mobileWallet: 12,
} as const;
export type PayId = (typeof PAY_ID)[keyof typeof PAY_ID];
export const PAY_IDS: readonly PayId[] = [1, 2, 3, 4, 5, 6, 8, 9, 12];

export function isPayId(value: number): value is PayId {
  return (PAY_IDS as readonly number[]).includes(value);
}

/**
 * The pay id of a payment an operator recorded for money received outside the site (console or
 * `ops payment:record`): not a method of the spec, never offered to members.
 */
export const OUTSIDE_PAY_ID = 0;
/** How money received outside the site came: to the shop's account, in cash, otherwise. */
export const OUTSIDE_PAYMENT_METHODS = ['bank', 'cash', 'other'] as const;
export type OutsidePaymentMethod = (typeof OUTSIDE_PAYMENT_METHODS)[number];
export const OUTSIDE_METHOD_TEXTS: Record<OutsidePaymentMethod, { ja: string; en: string }> = {
  bank: { ja: '銀行振込（サイト外）', en: 'Bank transfer (outside the site)' },
  cash: { ja: '現金（サイト外）', en: 'Cash (outside the site)' },
  other: { ja: 'その他（サイト外）', en: 'Other (outside the site)' },
};

/** Name and memo of each payment method, as /user/pay_style lists them. */
export const PAY_METHOD_TEXTS: Record<
  PayId,
  { name: { ja: string; en: string }; memo: { ja: string; en: string } }
> = {
  1: {
    name: { ja: 'クレジットカード', en: 'Credit card' },
    memo: {
      ja: 'VISA・Mastercard・JCB・American Express・Diners Club',
      en: 'VISA, Mastercard, JCB, American Express, Diners Club',
    },
  },
  2: {
    name: { ja: 'コンビニ決済', en: 'Convenience store' },
    memo: {
      ja: 'お支払い期限は3日後の23:59までです。期限を過ぎると自動でキャンセルされます。',
      en: 'Pay by 23:59 (JST) three days later; unpaid orders are cancelled automatically.',
    },
  },
  3: {
    name: { ja: 'Amazon Pay', en: 'Amazon Pay' },
    memo: {
      ja: 'Amazonアカウントに登録されたお支払い方法で決済します。',
      en: 'Pay with the payment method saved in your Amazon account.',
    },
  },
  4: {
    name: { ja: '銀行振込', en: 'Bank transfer' },
    memo: {
      ja: '3営業日以内にお振り込みください。口座名義（全角カタカナ）の入力が必要です。',
      en: 'Transfer within 3 business days. Enter the account holder name in katakana.',
    },
  },
  5: {
    name: { ja: 'PayPal', en: 'PayPal' },
    memo: { ja: 'PayPalアカウントで決済します。', en: 'Pay with your PayPal account.' },
  },
  6: {
    name: { ja: 'キャリア決済', en: 'Carrier billing' },
    memo: {
      ja: 'ドコモ払い・auかんたん決済・ソフトバンクまとめて支払い',
      en: 'docomo, au and SoftBank carrier billing',
    },
  },
  8: {
    name: { ja: 'スマホ決済', en: 'Mobile payment' },
    memo: {
      ja: 'スマートフォンのアプリでQRコードを読み取って決済します。',
      en: 'Scan the QR code with your phone app to pay.',
    },
  },
  9: {
    name: { ja: '送金サービス（Payge）', en: 'Remittance service (Payge)' },
    memo: {
      ja: '決済サービスの送金先へ3日以内に送金してください。ポイントは最短で当日中に反映されます。',
      en: "Send the remittance to the payment service's address within 3 days; points arrive the same day at the earliest.",
    },
  },
  12: {
    name: { ja: 'モバイルウォレット', en: 'Mobile wallet' },
    memo: {
      ja: 'スマートフォンのウォレットアプリで決済します。',
      en: 'Pay with the wallet app on your phone.',
    },
  },
};

/** Convenience-store chain codes: econ covers four chains, sej and other one each. */
export const COMBINI_CODES = ['econ', 'sej', 'other'] as const;
export type CombiniCode = (typeof COMBINI_CODES)[number];
export const COMBINI_NAMES: Record<CombiniCode, { ja: string; en: string }> = {
  econ: {
    ja: 'ローソン・ファミリーマート・ミニストップ・セイコーマート',
    en: 'Lawson, FamilyMart, Ministop, Seicomart',
  },
  sej: { ja: 'セブン-イレブン', en: '7-Eleven' },
  other: { ja: 'デイリーヤマザキ', en: 'Daily Yamazaki' },
};

/** Carrier-billing codes (carrier_id) of the three mobile carriers. */
export const CARRIER_IDS = ['docomo', 'au', 'softbank'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];
export const CARRIER_NAMES: Record<CarrierId, { ja: string; en: string }> = {
  docomo: { ja: 'ドコモ払い', en: 'docomo billing' },
  au: { ja: 'auかんたん決済', en: 'au Easy Payment' },
  softbank: { ja: 'ソフトバンクまとめて支払い', en: 'SoftBank carrier billing' },
};

/**
 * `result` of the point-purchase calls: '1' success (or accepted: a slip issued, a redirect to
 * follow), '7' 3-D Secure needed (the browser goes to `url`, /api/acs/secure…), '0' failure,
 * '2' still waiting (the member has not paid or approved yet).
 */
export const POINT_BUY_RESULT = { ok: '1', failed: '0', waiting: '2', threeDSecure: '7' } as const;

/** The `url` of a successful point/buy answer that asks for the success alert (spec section 5). */
export const POINT_BUY_SUCCESS_ALERT_URL = '1';

/** resultCode of the card tokenizer when it issued a token. */
export const TOKENIZER_OK = '000';

/** States of a payment (the state machine of the design). */
export const PAYMENT_STATES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'expired',
  'canceled',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Card form field limits (spec section 5); the /card-input screen takes a 4-digit year and a 3-digit code. */
export const CARD_FIELD_MAX = {
  card_number: 16,
  limit_month: 2,
  limit_year: 2,
  cvc: 4,
  card_name: 20,
} as const;

/**
 * Where a card-provider error code belongs (spec section 5): the field whose 'invalid …'
 * message shows, or 'card' for messages about the payment as a whole.
 */
export type CardErrorField = 'card_number' | 'limit_month' | 'limit_year' | 'cvc' | 'card_name' | 'card';
export function cardErrorField(code: string): CardErrorField {
  if (code === '1300' || code === '1301') return 'card_number';
  if (code === '1400' || code === '1401') return 'limit_month';
  if (code === '1500' || code === '1501' || code === '1502') return 'limit_year';
  if (code === '1600' || code === '1601') return 'cvc';
  if (code === '1700') return 'card_name';
  return 'card';
}

/** Card-provider codes that are about the service, not the card (spec section 5). */
export const CARD_PROVIDER_CODE = {
  maintenance: '8000',
  communication: '7001',
  /** The tokenizer script could not reach the provider. */
  tokenizerUnreachable: 'E90',
  /** The tokenizer refused to issue a token. */
  tokenizerFailed: '902',
} as const;

/** The message (catalogue code) of a card-provider error code, tokenizer or authorization. */
export type CardErrorMessageCode =
  | 'payment.card.invalid_number'
  | 'payment.card.invalid_expiry'
  | 'payment.card.invalid_cvc'
  | 'payment.card.invalid_name'
  | 'payment.card.maintenance'
  | 'payment.card.other'
  | 'payment.communication'
  | 'payment.card_unverified'
  | 'payment.card_failed';
export function cardErrorMessageCode(code: string): CardErrorMessageCode {
  switch (cardErrorField(code)) {
    case 'card_number':
      return 'payment.card.invalid_number';
    case 'limit_month':
    case 'limit_year':
      return 'payment.card.invalid_expiry';
    case 'cvc':
      return 'payment.card.invalid_cvc';
    case 'card_name':
      return 'payment.card.invalid_name';
    default:
      break;
  }
  if (code === CARD_PROVIDER_CODE.maintenance) return 'payment.card.maintenance';
  if (code === CARD_PROVIDER_CODE.communication) return 'payment.communication';
  /** The token was unknown, used or expired: the card could not be verified. */
  if (code === 'TOKEN') return 'payment.card_unverified';
  /** Declined by the card company, or the 3-D Secure challenge failed. */
  if (code === 'G12' || code === '3DS' || code === 'DECLINED') return 'payment.card_failed';
  return 'payment.card.other';
}

/**
 * The shop screens a payment flow lands on after the provider (spec section 2), each with the
 * query `payment_id` (and `pay_id`), except the checkout-session wallet which comes back with
 * `amazonCheckoutSessionId`.
 */
export const PAYMENT_RETURN_ROUTES = {
  /** Card after 3-D Secure, mobile payment, carrier billing: success / failure. */
  carrierComplete: '/complete-carrier',
  carrierError: '/error-carrier',
  /** Redirect wallets (5, 12): posts point/append, then /complete-buy-point. */
  payRedirect: '/pay-redirect',
  completeBuyPoint: '/complete-buy-point',
  /** Checkout-session wallet (3): review on /confirm-buy-point, result on /amazon-pay-redirect. */
  checkoutReview: '/confirm-buy-point',
  checkoutResult: '/amazon-pay-redirect',
  checkoutComplete: '/complete-buy-point-amazom-pay',
  combini: '/confirm-combini',
  bank: '/bank-transfer-information',
  /** Payment-service remittance (9): amount, remittance address and its notes. */
  remittance: '/payge-transfer-information',
} as const;

/**
 * Bank-transfer account holder: full-width katakana with the long-vowel mark and spaces
 * (half-width katakana is converted before the check).
 */
export const KATAKANA_NAME_PATTERN = /^[\u30A1-\u30FA\u30FC][\u30A1-\u30FA\u30FC\u3000 ]*$/;
export const PAYER_NAME_MAX = 40;

/** Consumption tax (spec section 9): prices include 10%, rounded to the yen. */
export const TAX_RATE_PERCENT = 10;
export function priceWithTax(yenExcludingTax: number): number {
  return Math.round((yenExcludingTax * (100 + TAX_RATE_PERCENT)) / 100);
}
/**
 * The tax inside a tax-included price: floor(price × 10 / 110), one rounding down per price or
 * receipt, the rule the receipts state (decision 044).
 */
export function taxIncluded(priceIncludingTax: number): number {
  return Math.floor((priceIncludingTax * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT));
}

/** Days a convenience-store slip stays payable; business days a bank transfer may take. */
export const COMBINI_DUE_DAYS = 3;
/** A payment-service remittance (pay id 9) is due within 3 days (spec section 9). */
export const REMITTANCE_DUE_DAYS = 3;
export const BANK_DUE_BUSINESS_DAYS = 3;

// ---------------------------------------------------------------------------------------------
// Exchange shop and ranks (spec sections 3-5, 9; design decision 4). Codes the screens need
// without zod; exchange.ts re-exports them beside its schemas.

/** POST /user/exchange_card/list `type`: '2' is the card tab. */
export const EXCHANGE_TYPE = { card: '2' } as const;

/** POST /user/exchange_card/list `sort`. */
export const EXCHANGE_SORT = {
  priceHigh: '1',
  priceLow: '2',
  stockMost: '3',
  stockLeast: '4',
} as const;
export const EXCHANGE_SORTS = ['1', '2', '3', '4'] as const;
export type ExchangeSort = (typeof EXCHANGE_SORTS)[number];

/**
 * `result` of the exchange check and exchange. Every refusal also carries its message under
 * `errors.count`. The screen shows '交換上限を超えています' for `limit`, 'コイン不足' for any other.
 */
export const EXCHANGE_RESULT = {
  ok: '1',
  /** Any other refusal: not on offer, no check before the exchange, changed since the check. */
  refused: '0',
  /** Too few coins. */
  insufficient: '-1',
  /** No stock left. */
  soldOut: '-2',
  /** The member reached the per-member limit the operator set for the card. */
  limit: '-3',
} as const;
export type ExchangeResult = (typeof EXCHANGE_RESULT)[keyof typeof EXCHANGE_RESULT];

/** Cards a page of the exchange list. */
export const EXCHANGE_PER_PAGE = 12;

/** Longest search text; longer input is refused under searchText. */
export const EXCHANGE_SEARCH_MAX = 100;

/** The only exchange count: one card an exchange (spec section 5). */
export const EXCHANGE_CHANGE_NUM = 1;

/** `result` of POST /user/buy_rank; a refusal carries its message under `errors.count`. */
export const BUY_RANK_RESULT = { ok: '1', refused: '0', insufficient: '-1' } as const;
