import type * as accounts from '@oripa/contract/accounts';
import type * as address from '@oripa/contract/address';
import type * as bonuses from '@oripa/contract/bonuses';
import type * as campaigns from '@oripa/contract/campaigns';
import type * as catalog from '@oripa/contract/catalog';
import type * as coupons from '@oripa/contract/coupons';
import type * as exchange from '@oripa/contract/exchange';
import type * as gacha from '@oripa/contract/gacha';
import type * as inquiries from '@oripa/contract/inquiries';
import type * as line from '@oripa/contract/line';
import type * as mails from '@oripa/contract/mail-preferences';
import type * as payments from '@oripa/contract/payments';
import type * as playLimits from '@oripa/contract/play-limits';
import type * as playSafety from '@oripa/contract/play-safety';
import type * as shipping from '@oripa/contract/shipping-schema';
import type * as site from '@oripa/contract/site';
import type * as trust from '@oripa/contract/trust';
import type * as user from '@oripa/contract/user';
import type { z } from 'zod';

/**
 * The answer fields of every API call, from the contract's response schemas: a fake server in
 * the web tests answers with these types, so a fake answer cannot drift from what the server
 * sends. Keys are the mock's route patterns; `${string}` stands for path parameters, a query or
 * the mock's trailing '*'.
 */
type Of<S extends z.ZodType> = z.infer<S>;

/** Calls answered with the envelope alone (emptyResponse); a fake may add nothing else. */
type Empty = Record<never, never>;

export interface ApiAnswers {
  'GET /user/point': Of<typeof user.currentUserResponse>;
  'GET /user/logout': Empty;
  'GET /user/site_info': Of<typeof site.siteInfoResponse>;
  // Accounts
  'POST /user/confirm': Empty;
  'POST /user/append': Empty;
  'POST /user/login': Empty;
  'POST /user/reset_password': Empty;
  'POST /user/reset_password/verify': Empty;
  'POST /user/reset_password/complete': Empty;
  'POST /user/change_password': Empty;
  'GET /user/detail': Of<typeof accounts.userDetailResponse>;
  'POST /user/change': Empty;
  'POST /user/send_sms': Of<typeof accounts.sendSmsResponse>;
  'POST /user/check_sms': Of<typeof accounts.checkSmsResponse>;
  'GET /line/settings': Of<typeof line.lineSettingsResponse>;
  'GET /line/account': Of<typeof line.lineAccountResponse>;
  'POST /line/register': Empty;
  'POST /line/unlink': Empty;
  // Age and spending safety (decision 037)
  'GET /user/play_safety': Of<typeof playSafety.ageStatusResponse>;
  'POST /user/birth_date': Empty;
  // The member's own limits and pauses (decision 043)
  'GET /user/play_limits': Of<typeof playLimits.playLimitsResponse>;
  'POST /user/play_limits': Of<typeof playLimits.playLimitsResponse>;
  'POST /user/play_pause': Of<typeof playLimits.playLimitsResponse>;
  'GET /user/mail_preferences': Of<typeof mails.mailPreferencesResponse>;
  'POST /user/mail_preferences': Of<typeof mails.mailPreferencesResponse>;
  'POST /address/zipcode': Of<typeof address.zipcodeResponse>;
  // Catalogue
  'GET /user/card_type': Of<typeof catalog.cardTypeListResponse>;
  'GET /user/pref_list': Of<typeof catalog.prefListResponse>;
  'GET /user/banner': Of<typeof catalog.bannerResponse>;
  'GET /user/pack/list': Of<typeof catalog.packListResponse>;
  'POST /user/pack/list': Of<typeof catalog.packListResponse>;
  [all: `GET /user/pack/all_list/${string}`]: Of<typeof catalog.packPageResponse>;
  [cards: `GET /user/pack/card_list/${string}`]: Of<typeof catalog.packCardPageResponse>;
  [detail: `GET /user/pack/detail/${string}`]: Of<typeof catalog.packDetailResponse>;
  'GET /user/reveal_movies': Of<typeof catalog.revealMoviesResponse>;
  // Lots' public side (commitment, odds, draw history, wins)
  [lot: `GET /user/pack/trust/${string}`]: Of<typeof trust.packTrustResponse>;
  [draws: `GET /user/pack/draws/${string}`]: Of<typeof trust.drawLogResponse>;
  [wins: `GET /user/pack/wins/${string}`]: Of<typeof trust.recentWinsResponse>;
  'GET /user/wins': Of<typeof trust.recentWinsResponse>;
  [shared: `GET /user/share/${string}`]: Of<typeof trust.sharedWinResponse>;
  // Purchases, results, decisions, history
  'POST /user/pack/check': Of<typeof gacha.packCheckResponse>;
  'POST /user/pack/buy': Of<typeof gacha.packBuyResponse>;
  [result: `GET /user/pack/gache_result${string}`]: Of<typeof gacha.purchaseResultResponse>;
  [result: `GET /user/pack/buy_result${string}`]: Of<typeof gacha.purchaseResultResponse>;
  'POST /user/pack/decision': Of<typeof gacha.decisionResponse>;
  [list: `POST /user/history/list/${string}`]: Of<typeof gacha.historyListResponse>;
  [detail: `GET /user/history/detail/${string}`]: Of<typeof gacha.historyDetailResponse>;
  // Points and payments
  [page: `GET /user/point_price/${number}`]: Of<typeof payments.pointPricePageResponse>;
  [course: `GET /user/point_price/detail/${string}`]: Of<typeof payments.pointPriceDetailResponse>;
  [style: `GET /user/pay_style${string}`]: Of<typeof payments.payStyleResponse>;
  [bank: `GET /user/bank${string}`]: Of<typeof payments.bankInfoResponse>;
  'POST /user/gmo_token': Of<typeof payments.gmoTokenResponse>;
  'POST /user/point/buy': Of<typeof payments.pointBuyResponse>;
  'POST /user/coupon/check': Of<typeof coupons.checkCouponResponse>;
  'POST /user/gmo_result': Of<typeof payments.paymentOutcomeResponse>;
  'POST /user/point/append': Of<typeof payments.paymentOutcomeResponse>;
  [end: `GET /user/point/end${string}`]: Of<typeof payments.paymentOutcomeResponse>;
  [slip: `GET /user/point/combini_number${string}`]: Of<typeof payments.combiniNumberResponse>;
  [button: `GET /user/button_signature${string}`]: Of<typeof payments.buttonSignatureResponse>;
  [set: `GET /user/set_checkout_session/${string}`]: Of<typeof payments.setCheckoutSessionResponse>;
  'GET /user/get_checkout_session': Of<typeof payments.checkoutSessionResponse>;
  [complete: `GET /user/complete_checkout_session${string}`]: Of<typeof payments.paymentOutcomeResponse>;
  [ledger: `GET /user/point/list/${string}`]: Of<typeof payments.pointHistoryPageResponse>;
  [ledger: `GET /user/coin/list/${string}`]: Of<typeof payments.coinHistoryPageResponse>;
  'GET /user/point/expiring': Of<typeof payments.expiringPointsResponse>;
  // Exchange shop and ranks
  [list: `POST /user/exchange_card/list/${string}`]: Of<typeof exchange.exchangeListResponse>;
  'POST /user/exchange_card/check': Of<typeof exchange.exchangeCheckResponse>;
  'POST /user/exchange_card/exchange': Of<typeof exchange.exchangeResponse>;
  'POST /user/buy_rank': Of<typeof exchange.buyRankResponse>;
  'GET /user/exchange/shipments': Of<typeof shipping.exchangeShipmentsResponse>;
  // Members' inquiries (decision 052)
  'GET /user/inquiries': Of<typeof inquiries.inquiryListResponse>;
  'POST /user/inquiries': Of<typeof inquiries.inquiryThreadResponse>;
  'POST /user/inquiries/reply': Of<typeof inquiries.inquiryThreadResponse>;
  [file: `GET /user/inquiries/file/${string}`]: Of<typeof inquiries.inquiryFileResponse>;
  [thread: `GET /user/inquiries/${number}`]: Of<typeof inquiries.inquiryThreadResponse>;
  // The login bonus (decision 055)
  'POST /user/login_bonus': Of<typeof bonuses.loginBonusResponse>;
  // Campaigns running now (decision 060)
  'GET /user/campaigns': Of<typeof campaigns.activeCampaignsResponse>;
}

/** Envelope fields a fake answer may set: a state other than 200, and per-field errors. */
interface EnvelopeOverrides {
  state?: number;
  errors?: Record<string, string[]>;
}

/**
 * A fake answer: the call's fields as the contract has them, or a refusal (an explicit state)
 * carrying errors and at most some of the fields.
 */
export type FakeAnswer<T> = (T & EnvelopeOverrides) | (Partial<T> & EnvelopeOverrides & { state: number });

export type ApiRequest = { path: string; method: string; body: URLSearchParams | null };

/** The fake answer of one route, e.g. ApiAnswer<'POST /user/pack/check'>. */
export type ApiAnswer<K extends keyof ApiAnswers> = FakeAnswer<ApiAnswers[K]>;

/** A fake answer computed from the request. */
export type ApiHandler<K extends keyof ApiAnswers> = (request: ApiRequest) => ApiAnswer<K>;

/** The fake answers of a test, by route pattern: each typed by its route's contract schema. */
export type ApiRoutes = { [K in keyof ApiAnswers]?: ApiAnswer<K> | ApiHandler<K> };
