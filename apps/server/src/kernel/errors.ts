import { STATE, type State } from '@oripa/contract/states';
import type { MessageCode, MessageParams } from '@oripa/contract/messages';

/** A message under a field of the envelope's `errors`. */
export interface FieldMessage {
  code: MessageCode;
  params?: MessageParams;
}

type Entry = State | readonly [State, MessageCode];

/** Keys that are catalogue codes may map to a bare state (the message is the key's text); others must name their message. */
function errorTable<const T extends Record<string, Entry>>(
  table: T & { [K in keyof T]: K extends MessageCode ? Entry : readonly [State, MessageCode] },
): T {
  return table;
}

/**
 * The closed list of refusals a service may throw, and the one place that maps each to the
 * envelope state it answers with and its message (the catalogue's text of the code, or the
 * code named beside the state). Services name a code, never a state: a new refusal is a line
 * here, reviewed with the others.
 */
export const DOMAIN_ERRORS = errorTable({
  // Any module
  'common.invalid': STATE.validation,
  'common.not_found': STATE.notFound,
  'common.login_required': STATE.loginRequired,
  // Accounts
  'accounts.login_failed': STATE.validation,
  'accounts.login_locked': STATE.throttled,
  /** A member an operator suspended (console): refused at login, their sessions ended. */
  'accounts.suspended': STATE.validation,
  'accounts.mail_taken': STATE.validation,
  'accounts.registration_throttled': STATE.throttled,
  'accounts.reset_token_invalid': STATE.validation,
  'accounts.tel_locked': STATE.validation,
  'accounts.tel_taken': STATE.validation,
  'accounts.tel_format': STATE.validation,
  'accounts.tel_format_overseas': STATE.validation,
  'accounts.sms_already_verified': STATE.validation,
  'accounts.sms_wait': STATE.throttled,
  'accounts.sms_throttled': STATE.throttled,
  'accounts.sms_send_failed': STATE.server,
  'accounts.sms_code_wrong': STATE.validation,
  'accounts.sms_code_expired': STATE.validation,
  'accounts.sms_code_locked': STATE.validation,
  /** LINE Login (decision 057). */
  'accounts.line_not_pending': STATE.validation,
  'accounts.sms_required': STATE.validation,
  'accounts.line_taken': STATE.validation,
  'accounts.line_unlink_needs_password': STATE.validation,
  'accounts.line_not_linked': STATE.validation,
  'accounts.line_unlink_needs_reset': STATE.validation,
  'referrals.code_not_found': STATE.validation,
  'referrals.code_not_eligible': STATE.validation,
  'referrals.code_full': STATE.validation,
  'address.zipcode_not_found': STATE.notFound,
  // Catalog and purchases of packs
  'card_type.not_found': STATE.notFound,
  'pack.committed': STATE.conflict,
  'pack.not_found': STATE.notFound,
  'gacha.no_pack': STATE.validation,
  'gacha.check_first': STATE.conflict,
  'gacha.not_on_sale': STATE.validation,
  'gacha.sold_out': STATE.validation,
  'gacha.count_over_stock': STATE.validation,
  'gacha.count_over_max': STATE.validation,
  'gacha.count_over_limit': STATE.validation,
  'gacha.members_rank': STATE.validation,
  'gacha.members_first_purchase': STATE.validation,
  'gacha.members_sms': STATE.validation,
  'gacha.free_draw_count': STATE.validation,
  'gacha.free_draw_taken': STATE.validation,
  'gacha.points_short': STATE.validation,
  'gacha.coins_short': STATE.validation,
  'gacha.no_result': STATE.notFound,
  'gacha.history_not_found': STATE.notFound,
  'gacha.cards_mismatch': STATE.validation,
  'gacha.ship_only': STATE.validation,
  'gacha.deadline_passed': STATE.conflict,
  // Payments
  'payment.not_found': STATE.notFound,
  'payment.course_not_found': STATE.notFound,
  'payment.course_required': STATE.validation,
  'payment.method_unavailable': STATE.validation,
  'payment.too_many_open': STATE.conflict,
  // Age and spending safety (decision 037)
  'safety.birth_date_required': STATE.validation,
  'safety.birth_date_range': STATE.validation,
  'safety.birth_date_locked': STATE.conflict,
  'safety.consent_required': STATE.validation,
  'safety.minor_cap_reached': STATE.conflict,
  // The member's own limits and pauses (decision 043)
  'safety.daily_limit_reached': STATE.conflict,
  'safety.monthly_limit_reached': STATE.conflict,
  'safety.paused_timeout': STATE.conflict,
  'safety.paused_exclusion': STATE.conflict,
  'safety.pause_not_shorter': STATE.conflict,
  'payment.tokenize_error': STATE.server,
  /** The provider could not be reached: the outcome is unknown, the order stays open. */
  'payment.provider_unreachable': [STATE.server, 'payment.communication'],
  'payment.combini_unavailable': STATE.server,
  'payment.checkout_session_required': STATE.validation,
  /** A checkout session asked for by id that is not open (any more). */
  'payment.checkout_session_gone': [STATE.notFound, 'payment.checkout_session_required'],
  // A point purchase the provider refused, by the message the member reads.
  'payment.card.invalid_number': STATE.validation,
  'payment.card.invalid_expiry': STATE.validation,
  'payment.card.invalid_cvc': STATE.validation,
  'payment.card.invalid_name': STATE.validation,
  'payment.card.maintenance': STATE.validation,
  'payment.card.other': STATE.validation,
  'payment.communication': STATE.validation,
  'payment.card_unverified': STATE.validation,
  'payment.card_failed': STATE.validation,
  'payment.carrier_failed': STATE.validation,
  'payment.wallet_failed': STATE.validation,
  'payment.other_failed': STATE.validation,
  // Exchange shop and ranks: refusals of the check, the exchange and buy_rank, under `count`
  'exchange.not_found': STATE.validation,
  'exchange.sold_out': STATE.validation,
  'exchange.coins_short': STATE.validation,
  'exchange.limit_reached': STATE.validation,
  'exchange.check_first': STATE.validation,
  'ranks.coins_short': STATE.validation,
  'ranks.coin_mismatch': STATE.validation,
  'ranks.not_keepable': STATE.validation,
  'ranks.not_needed': STATE.validation,
  'ranks.already_kept': STATE.validation,
  // Operator console
  'admin.login_required': STATE.loginRequired,
  'admin.forbidden': STATE.forbidden,
  'admin.step_required': STATE.loginRequired,
  'admin.login_failed': STATE.validation,
  'admin.login_locked': STATE.throttled,
  'admin.code_wrong': STATE.validation,
  'admin.password_wrong': STATE.validation,
  'admin.mail_taken': STATE.validation,
  'admin.last_owner': STATE.conflict,
  'admin.self_change': STATE.conflict,
  'admin.balance_short': STATE.validation,
  'admin.over_limit_points': STATE.validation,
  'admin.over_limit_coins': STATE.validation,
  'admin.payment_not_bank': STATE.validation,
  'admin.payment_closed': STATE.conflict,
  'admin.payment_expired': STATE.conflict,
  'admin.payment_not_due': STATE.conflict,
  'admin.reference_taken': STATE.conflict,
  // Console catalogue (card types, packs, lineups) and console uploads (modules/media/upload.ts)
  'media.file_required': STATE.validation,
  'media.too_large': STATE.validation,
  'media.type_refused': STATE.validation,
  'media.malformed': STATE.validation,
  'catalog_admin.card_type_taken': STATE.validation,
  'catalog_admin.coin_ship_only': STATE.validation,
  'catalog_admin.rank_unknown': STATE.validation,
  'catalog_admin.lineup_invalid': STATE.validation,
  /** A lot whose sale ended has revealed its seed: it never goes on sale again. */
  'catalog_admin.sale_ended': STATE.conflict,
  'catalog_admin.end_after_reveal': STATE.validation,
  // Catalogue at scale (decision 050)
  'catalog_admin.import_refused': STATE.validation,
  'catalog_admin.import_empty': STATE.validation,
  'catalog_admin.restock_not_ended': STATE.conflict,
  'catalog_admin.bulk_refused': STATE.conflict,
  // Console shop settings (courses, banners, exchange cards, ranks, reveal videos)
  'shop_settings.not_found': STATE.notFound,
  'shop_settings.stock_short': STATE.conflict,
  'shop_settings.course_retired': STATE.conflict,
  'shop_settings.rank_lowest': STATE.validation,
  'shop_settings.rank_order': STATE.validation,
  // Shipping queue (issue 13)
  'shipping.bulk_refused': STATE.conflict,
  'shipping.tracking_invalid': STATE.validation,
  'shipping.import_refused': STATE.validation,
  'shipping.file_empty': STATE.validation,
  // Hardening 2 (issue 22): a domestic carrier file never carries a parcel abroad
  'shipping.export_overseas': STATE.conflict,
  // Every carrier and combined parcels (issue 27 point 5, decision 051)
  'shipping.combine_two': STATE.validation,
  'shipping.combine_missing': STATE.notFound,
  'shipping.combine_member': STATE.conflict,
  'shipping.combine_address': STATE.conflict,
  'shipping.combine_state': STATE.conflict,
  'shipping.split_state': STATE.conflict,
  'shipping.export_over_limit': STATE.conflict,
  // Refunds (issue 21, decision 031)
  'admin.refund_not_paid': STATE.conflict,
  'admin.refund_too_much': STATE.validation,
  'admin.refund_declined': STATE.conflict,
  // Fairness: oripa-draw-v2 (issue 20, decision 027)
  /** A purchase's cards wait for a beacon round that has not come yet: ask again. */
  'fairness.cards_pending': STATE.conflict,
  /** The lot's purchases wait for a beacon round past BEACON_PAUSE_AFTER_MS: new sales pause. */
  'fairness.beacon_paused': STATE.conflict,
  /** A sale start earlier than LOT_PUBLISH_LEAD_MS after the commitment's publication. */
  'fairness.publish_lead': STATE.validation,
  // Invoice-ready receipts and prize caps (issue 26 points 5 and 6, decision 044)
  'invoice.registration_number_invalid': STATE.validation,
  /** Not a paid point purchase of the asking member: as if it did not exist. */
  'invoice.receipt_not_found': STATE.notFound,
  'catalog_admin.prize_cap_multiple': STATE.validation,
  'catalog_admin.prize_cap_fixed': STATE.validation,
  'catalog_admin.prize_cap_total': STATE.validation,
  'catalog_admin.prize_cap_owner_only': STATE.validation,
  // Members' inquiries (issue 27 point 8, decision 052)
  'inquiries.category_invalid': STATE.validation,
  'inquiries.status_invalid': STATE.validation,
  'inquiries.purchase_invalid': STATE.validation,
  'inquiries.assignee_invalid': STATE.validation,
  /** Not an inquiry of the asking member: as if it did not exist. */
  'inquiries.not_found': STATE.notFound,
  'inquiries.disabled': STATE.conflict,
  'inquiries.closed': STATE.conflict,
  'inquiries.throttled': STATE.throttled,
  'inquiries.too_many_files': STATE.validation,
  'inquiries.file_too_large': STATE.validation,
  'inquiries.file_type': STATE.validation,
  'inquiries.file_malformed': STATE.validation,
  // Coupons and promotion codes (issue 28 point 4, decision 059)
  'coupons.unknown': STATE.validation,
  'coupons.not_started': STATE.conflict,
  'coupons.ended': STATE.conflict,
  'coupons.paused': STATE.conflict,
  'coupons.exhausted': STATE.conflict,
  'coupons.member_limit': STATE.conflict,
  'coupons.first_purchase': STATE.conflict,
  'coupons.rank': STATE.conflict,
  'coupons.throttled': STATE.throttled,
  'coupons.code_taken': STATE.conflict,
  'coupons.rank_invalid': STATE.validation,
  'coupons.not_found': STATE.notFound,
  // Campaigns (issue 28 point 5, decision 060)
  'campaigns.overlap': STATE.conflict,
  'campaigns.not_found': STATE.notFound,
  'coupons.code_format': STATE.validation,
  'coupons.kind_invalid': STATE.validation,
  'coupons.percent_range': STATE.validation,
  'coupons.yen_off_range': STATE.validation,
  'coupons.budget_below_discount': STATE.validation,
  'coupons.discount_on_buy_point': STATE.conflict,
  'coupons.points_code_on_my_page': STATE.conflict,
  'coupons.below_minimum': STATE.conflict,
});

/** A code of the closed list. */
export type ErrorCode = keyof typeof DOMAIN_ERRORS;

/** A refusal under one field, as a service names it. */
export interface FieldError {
  code: ErrorCode;
  params?: MessageParams;
}

function stateOf(code: ErrorCode): State {
  const entry: Entry = DOMAIN_ERRORS[code];
  return typeof entry === 'number' ? entry : entry[0];
}

function messageOf({ code, params }: FieldError): FieldMessage {
  const entry: Entry = DOMAIN_ERRORS[code];
  const message = typeof entry === 'number' ? (code as MessageCode) : entry[1];
  return params ? { code: message, params } : { code: message };
}

/**
 * The one error a service throws. It names codes of DOMAIN_ERRORS and the fields they belong
 * under; the state and messages follow from the table, and the error handler turns them into
 * the envelope in the user's language.
 */
export class AppError extends Error {
  readonly state: State;
  readonly fields: Record<string, FieldMessage[]>;
  /** Extra top-level fields of the failure response (e.g. result '-1'). */
  readonly extra: Record<string, unknown>;

  private constructor(state: State, fields: Record<string, FieldMessage[]>, extra: Record<string, unknown> = {}) {
    const first = Object.entries(fields)[0];
    super(first ? `${first[0]}: ${first[1][0]?.code ?? ''}` : `state ${state}`);
    this.name = 'AppError';
    this.state = state;
    this.fields = fields;
    this.extra = extra;
  }

  /** A refusal with one message under one field. */
  static field(field: string, code: ErrorCode, params?: MessageParams, extra?: Record<string, unknown>): AppError {
    return AppError.fields({ [field]: [params ? { code, params } : { code }] }, extra);
  }

  /** Refusals under several fields (form checks); the first one's code gives the state. */
  static fields(fields: Record<string, FieldError[]>, extra?: Record<string, unknown>): AppError {
    const first = Object.values(fields)[0]?.[0];
    const localized = Object.fromEntries(Object.entries(fields).map(([name, list]) => [name, list.map(messageOf)]));
    return new AppError(first ? stateOf(first.code) : STATE.validation, localized, extra);
  }

  static loginRequired() {
    return AppError.field('user_id', 'common.login_required');
  }

  /**
   * The wire's own refusals (a body that does not parse, zod issues with any catalogue code):
   * for http/ code only, which owns the states.
   */
  static wire(state: State, fields: Record<string, FieldMessage[]>): AppError {
    return new AppError(state, fields);
  }
}
