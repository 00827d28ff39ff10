import type { AdminPermission } from './admin.ts';

/**
 * Every envelope route of the shop's API (mounted under /api): a stable name, the method, the path
 * as Fastify spells it (`:param` placeholders) and who may call it. The server registers each
 * route from its entry (api-routes.ts adds the zod schemas), and the web app and the browser
 * tests call through it, so a path, a param name or a response field that does not match fails
 * the typecheck. This file holds no schema: the web app imports it without pulling zod into its
 * first page (decision 039).
 */

/** Who may call a shop route, and whether the session is read before the handler ('…-by-key': the handler reads it in its own statement). */
export type ShopAccess = 'anyone' | 'member' | 'member-by-key' | 'anyone-by-key';

/**
 * Who may call a console route: 'visitor' (the login itself), 'login' (an operator part-way
 * through the login: password change, TOTP enrolment or code; the handler checks the step), or
 * a permission, which needs a finished login and a role that has it (admin.ts).
 */
export type AdminAccess = 'visitor' | 'login' | AdminPermission;

export type ApiMethod = 'GET' | 'POST';

/** One route's address: its name (the key in `api`), method, path and access. */
export interface ApiPath {
  readonly name: string;
  readonly method: ApiMethod;
  readonly path: string;
  readonly access: ShopAccess | AdminAccess;
}

export const api = {
  // accounts/accounts
  registrationConfirm: { name: 'registrationConfirm', method: 'POST', path: '/user/confirm', access: 'anyone' },
  registrationAppend: { name: 'registrationAppend', method: 'POST', path: '/user/append', access: 'anyone' },
  login: { name: 'login', method: 'POST', path: '/user/login', access: 'anyone' },
  resetPassword: { name: 'resetPassword', method: 'POST', path: '/user/reset_password', access: 'anyone' },
  resetPasswordVerify: { name: 'resetPasswordVerify', method: 'POST', path: '/user/reset_password/verify', access: 'anyone' },
  resetPasswordComplete: { name: 'resetPasswordComplete', method: 'POST', path: '/user/reset_password/complete', access: 'anyone' },
  changePassword: { name: 'changePassword', method: 'POST', path: '/user/change_password', access: 'member' },
  userDetail: { name: 'userDetail', method: 'GET', path: '/user/detail', access: 'member' },
  userChange: { name: 'userChange', method: 'POST', path: '/user/change', access: 'member' },
  sendSms: { name: 'sendSms', method: 'POST', path: '/user/send_sms', access: 'member' },
  checkSms: { name: 'checkSms', method: 'POST', path: '/user/check_sms', access: 'member' },
  // address/address
  addressZipcode: { name: 'addressZipcode', method: 'POST', path: '/address/zipcode', access: 'anyone' },
  // admin/admin
  adminLogin: { name: 'adminLogin', method: 'POST', path: '/admin/login', access: 'visitor' },
  adminPassword: { name: 'adminPassword', method: 'POST', path: '/admin/password', access: 'login' },
  adminTotpEnrol: { name: 'adminTotpEnrol', method: 'GET', path: '/admin/totp/enrol', access: 'login' },
  adminTotpEnrolSave: { name: 'adminTotpEnrolSave', method: 'POST', path: '/admin/totp/enrol', access: 'login' },
  adminTotp: { name: 'adminTotp', method: 'POST', path: '/admin/totp', access: 'login' },
  adminLogout: { name: 'adminLogout', method: 'POST', path: '/admin/logout', access: 'login' },
  adminMe: { name: 'adminMe', method: 'GET', path: '/admin/me', access: 'dashboard.read' },
  adminOperators: { name: 'adminOperators', method: 'GET', path: '/admin/operators', access: 'operators.manage' },
  adminOperatorsCreate: { name: 'adminOperatorsCreate', method: 'POST', path: '/admin/operators/create', access: 'operators.manage' },
  adminOperatorsUpdate: { name: 'adminOperatorsUpdate', method: 'POST', path: '/admin/operators/update', access: 'operators.manage' },
  adminOperatorsReset: { name: 'adminOperatorsReset', method: 'POST', path: '/admin/operators/reset', access: 'operators.manage' },
  adminAudit: { name: 'adminAudit', method: 'GET', path: '/admin/audit', access: 'audit.read' },
  // catalog/banners.admin
  adminBanners: { name: 'adminBanners', method: 'GET', path: '/admin/banners', access: 'catalog.write' },
  adminBannersSave: { name: 'adminBannersSave', method: 'POST', path: '/admin/banners/save', access: 'catalog.write' },
  adminBannersRemove: { name: 'adminBannersRemove', method: 'POST', path: '/admin/banners/remove', access: 'catalog.write' },
  adminBannersMode: { name: 'adminBannersMode', method: 'POST', path: '/admin/banners/mode', access: 'catalog.write' },
  // catalog/catalog.admin
  adminCardTypes: { name: 'adminCardTypes', method: 'GET', path: '/admin/card_types', access: 'catalog.write' },
  adminCardTypesSave: { name: 'adminCardTypesSave', method: 'POST', path: '/admin/card_types/save', access: 'catalog.write' },
  adminPacks: { name: 'adminPacks', method: 'GET', path: '/admin/packs', access: 'catalog.write' },
  adminPacksById: { name: 'adminPacksById', method: 'GET', path: '/admin/packs/:id', access: 'catalog.write' },
  adminPacksCreate: { name: 'adminPacksCreate', method: 'POST', path: '/admin/packs/create', access: 'catalog.write' },
  adminPacksUpdate: { name: 'adminPacksUpdate', method: 'POST', path: '/admin/packs/update', access: 'catalog.write' },
  adminPacksSale: { name: 'adminPacksSale', method: 'POST', path: '/admin/packs/sale', access: 'catalog.write' },
  adminPacksPreview: { name: 'adminPacksPreview', method: 'POST', path: '/admin/packs/preview', access: 'catalog.write' },
  adminMediaImage: { name: 'adminMediaImage', method: 'POST', path: '/admin/media/image', access: 'catalog.write' },
  // catalog/catalog
  cardType: { name: 'cardType', method: 'GET', path: '/user/card_type', access: 'anyone' },
  prefList: { name: 'prefList', method: 'GET', path: '/user/pref_list', access: 'anyone' },
  banner: { name: 'banner', method: 'GET', path: '/user/banner', access: 'anyone' },
  packList: { name: 'packList', method: 'GET', path: '/user/pack/list', access: 'anyone' },
  packListFiltered: { name: 'packListFiltered', method: 'POST', path: '/user/pack/list', access: 'anyone' },
  packAllList: { name: 'packAllList', method: 'GET', path: '/user/pack/all_list/:type/:page', access: 'anyone' },
  packCardList: { name: 'packCardList', method: 'GET', path: '/user/pack/card_list/:packId/:page', access: 'anyone' },
  packDetail: { name: 'packDetail', method: 'GET', path: '/user/pack/detail/:packId', access: 'anyone' },
  // dashboard/dashboard.admin
  adminDashboard: { name: 'adminDashboard', method: 'GET', path: '/admin/dashboard', access: 'dashboard.read' },
  // exchange/exchange.admin
  adminExchangeCards: { name: 'adminExchangeCards', method: 'GET', path: '/admin/exchange-cards', access: 'catalog.write' },
  adminExchangeCardsCreate: { name: 'adminExchangeCardsCreate', method: 'POST', path: '/admin/exchange-cards/create', access: 'catalog.write' },
  adminExchangeCardsUpdate: { name: 'adminExchangeCardsUpdate', method: 'POST', path: '/admin/exchange-cards/update', access: 'catalog.write' },
  adminExchangeCardsStock: { name: 'adminExchangeCardsStock', method: 'POST', path: '/admin/exchange-cards/stock', access: 'catalog.write' },
  // exchange/exchange
  exchangeCardList: { name: 'exchangeCardList', method: 'POST', path: '/user/exchange_card/list/:page', access: 'anyone' },
  exchangeCardCheck: { name: 'exchangeCardCheck', method: 'POST', path: '/user/exchange_card/check', access: 'member' },
  exchangeCardExchange: { name: 'exchangeCardExchange', method: 'POST', path: '/user/exchange_card/exchange', access: 'member' },
  // gacha/gacha
  packCheck: { name: 'packCheck', method: 'POST', path: '/user/pack/check', access: 'member-by-key' },
  packBuy: { name: 'packBuy', method: 'POST', path: '/user/pack/buy', access: 'member-by-key' },
  packGacheResult: { name: 'packGacheResult', method: 'GET', path: '/user/pack/gache_result', access: 'member' },
  packBuyResult: { name: 'packBuyResult', method: 'GET', path: '/user/pack/buy_result', access: 'member' },
  // gacha/trust
  packTrust: { name: 'packTrust', method: 'GET', path: '/user/pack/trust/:packId', access: 'anyone' },
  packDraws: { name: 'packDraws', method: 'GET', path: '/user/pack/draws/:packId/:page', access: 'anyone' },
  packWins: { name: 'packWins', method: 'GET', path: '/user/pack/wins/:packId', access: 'anyone' },
  wins: { name: 'wins', method: 'GET', path: '/user/wins', access: 'anyone' },
  share: { name: 'share', method: 'GET', path: '/user/share/:code', access: 'anyone' },
  // holdings/holdings
  packDecision: { name: 'packDecision', method: 'POST', path: '/user/pack/decision', access: 'member' },
  historyList: { name: 'historyList', method: 'POST', path: '/user/history/list/:page', access: 'member' },
  historyDetail: { name: 'historyDetail', method: 'GET', path: '/user/history/detail/:packHistoryId', access: 'member' },
  // media/reveal-movies.admin
  adminRevealVideos: { name: 'adminRevealVideos', method: 'GET', path: '/admin/reveal-videos', access: 'catalog.write' },
  adminRevealVideosUpload: { name: 'adminRevealVideosUpload', method: 'POST', path: '/admin/reveal-videos/upload', access: 'catalog.write' },
  adminRevealVideosRemove: { name: 'adminRevealVideosRemove', method: 'POST', path: '/admin/reveal-videos/remove', access: 'catalog.write' },
  adminShopMediaUpload: { name: 'adminShopMediaUpload', method: 'POST', path: '/admin/shop-media/upload', access: 'catalog.write' },
  // media/reveal-movies
  revealMovies: { name: 'revealMovies', method: 'GET', path: '/user/reveal_movies', access: 'anyone' },
  // notifications/mail-preferences
  mailPreferences: { name: 'mailPreferences', method: 'GET', path: '/user/mail_preferences', access: 'member' },
  mailPreferencesSave: { name: 'mailPreferencesSave', method: 'POST', path: '/user/mail_preferences', access: 'member' },
  // notifications/notifications.admin
  adminOutbox: { name: 'adminOutbox', method: 'GET', path: '/admin/outbox', access: 'outbox.read' },
  // payments/courses.admin
  adminCourses: { name: 'adminCourses', method: 'GET', path: '/admin/courses', access: 'catalog.write' },
  adminCoursesSave: { name: 'adminCoursesSave', method: 'POST', path: '/admin/courses/save', access: 'catalog.write' },
  adminCoursesRetire: { name: 'adminCoursesRetire', method: 'POST', path: '/admin/courses/retire', access: 'catalog.write' },
  // payments/payments.admin
  adminPayments: { name: 'adminPayments', method: 'GET', path: '/admin/payments', access: 'payments.read' },
  adminPaymentsCourses: { name: 'adminPaymentsCourses', method: 'GET', path: '/admin/payments/courses', access: 'payments.read' },
  adminPaymentsById: { name: 'adminPaymentsById', method: 'GET', path: '/admin/payments/:id', access: 'payments.read' },
  adminPaymentsConfirm: { name: 'adminPaymentsConfirm', method: 'POST', path: '/admin/payments/confirm', access: 'payments.write' },
  adminPaymentsCancel: { name: 'adminPaymentsCancel', method: 'POST', path: '/admin/payments/cancel', access: 'payments.write' },
  adminPaymentsRecord: { name: 'adminPaymentsRecord', method: 'POST', path: '/admin/payments/record', access: 'payments.write' },
  // payments/payments
  pointPrice: { name: 'pointPrice', method: 'GET', path: '/user/point_price/:page', access: 'anyone' },
  pointPriceDetail: { name: 'pointPriceDetail', method: 'GET', path: '/user/point_price/detail/:id', access: 'anyone' },
  payStyle: { name: 'payStyle', method: 'GET', path: '/user/pay_style', access: 'member' },
  bankInfo: { name: 'bankInfo', method: 'GET', path: '/user/bank', access: 'member' },
  gmoToken: { name: 'gmoToken', method: 'POST', path: '/user/gmo_token', access: 'member' },
  pointBuy: { name: 'pointBuy', method: 'POST', path: '/user/point/buy', access: 'member' },
  gmoResult: { name: 'gmoResult', method: 'POST', path: '/user/gmo_result', access: 'member' },
  pointAppend: { name: 'pointAppend', method: 'POST', path: '/user/point/append', access: 'member' },
  pointEnd: { name: 'pointEnd', method: 'GET', path: '/user/point/end', access: 'member' },
  pointCombiniNumber: { name: 'pointCombiniNumber', method: 'GET', path: '/user/point/combini_number', access: 'member' },
  buttonSignature: { name: 'buttonSignature', method: 'GET', path: '/user/button_signature', access: 'member' },
  setCheckoutSession: { name: 'setCheckoutSession', method: 'GET', path: '/user/set_checkout_session/:id', access: 'member' },
  getCheckoutSession: { name: 'getCheckoutSession', method: 'GET', path: '/user/get_checkout_session', access: 'member' },
  completeCheckoutSession: { name: 'completeCheckoutSession', method: 'GET', path: '/user/complete_checkout_session', access: 'member' },
  // payments/refunds.admin
  adminPaymentsRefunds: { name: 'adminPaymentsRefunds', method: 'GET', path: '/admin/payments/:id/refunds', access: 'payments.read' },
  adminPaymentsRefund: { name: 'adminPaymentsRefund', method: 'POST', path: '/admin/payments/refund', access: 'payments.write' },
  adminMembersReviews: { name: 'adminMembersReviews', method: 'GET', path: '/admin/members/:id/reviews', access: 'payments.read' },
  // ranks/ranks.admin
  adminRanks: { name: 'adminRanks', method: 'GET', path: '/admin/ranks', access: 'catalog.write' },
  adminRanksUpdate: { name: 'adminRanksUpdate', method: 'POST', path: '/admin/ranks/update', access: 'catalog.write' },
  // ranks/ranks
  buyRank: { name: 'buyRank', method: 'POST', path: '/user/buy_rank', access: 'member' },
  // safety/safety.admin
  adminMinorCaps: { name: 'adminMinorCaps', method: 'GET', path: '/admin/minor_caps', access: 'members.read' },
  adminMinorCapsSave: { name: 'adminMinorCapsSave', method: 'POST', path: '/admin/minor_caps', access: 'minor_caps.write' },
  adminMembersBirthDate: { name: 'adminMembersBirthDate', method: 'POST', path: '/admin/members/birth_date', access: 'members.birth_date' },
  // safety/safety
  playSafety: { name: 'playSafety', method: 'GET', path: '/user/play_safety', access: 'member' },
  birthDate: { name: 'birthDate', method: 'POST', path: '/user/birth_date', access: 'member' },
  // settings/settings.admin
  adminMaintenance: { name: 'adminMaintenance', method: 'GET', path: '/admin/maintenance', access: 'maintenance.read' },
  adminMaintenanceSave: { name: 'adminMaintenanceSave', method: 'POST', path: '/admin/maintenance', access: 'maintenance.write' },
  // shipping/shipping.admin
  adminShipping: { name: 'adminShipping', method: 'GET', path: '/admin/shipping', access: 'shipping.write' },
  adminShippingPicklist: { name: 'adminShippingPicklist', method: 'GET', path: '/admin/shipping/picklist', access: 'shipping.write' },
  adminShippingExport: { name: 'adminShippingExport', method: 'GET', path: '/admin/shipping/export', access: 'shipping.write' },
  adminShippingTransition: { name: 'adminShippingTransition', method: 'POST', path: '/admin/shipping/transition', access: 'shipping.write' },
  adminShippingImport: { name: 'adminShippingImport', method: 'POST', path: '/admin/shipping/import', access: 'shipping.write' },
  // shipping/shipping
  exchangeShipments: { name: 'exchangeShipments', method: 'GET', path: '/user/exchange/shipments', access: 'member' },
  // site/site
  siteInfo: { name: 'siteInfo', method: 'GET', path: '/user/site_info', access: 'anyone' },
  // users/users.admin
  adminMembers: { name: 'adminMembers', method: 'GET', path: '/admin/members', access: 'members.read' },
  adminMembersById: { name: 'adminMembersById', method: 'GET', path: '/admin/members/:id', access: 'members.read' },
  adminMembersSuspend: { name: 'adminMembersSuspend', method: 'POST', path: '/admin/members/suspend', access: 'members.write' },
  adminMembersNote: { name: 'adminMembersNote', method: 'POST', path: '/admin/members/note', access: 'members.write' },
  // users/users
  userPoint: { name: 'userPoint', method: 'GET', path: '/user/point', access: 'anyone-by-key' },
  logout: { name: 'logout', method: 'GET', path: '/user/logout', access: 'anyone' },
  // wallet/wallet.admin
  adminMembersAdjust: { name: 'adminMembersAdjust', method: 'POST', path: '/admin/members/adjust', access: 'members.write' },
  // wallet/wallet
  pointList: { name: 'pointList', method: 'GET', path: '/user/point/list/:page', access: 'member' },
  pointExpiring: { name: 'pointExpiring', method: 'GET', path: '/user/point/expiring', access: 'member' },
  coinList: { name: 'coinList', method: 'GET', path: '/user/coin/list/:page', access: 'member' },
} as const satisfies Record<string, ApiPath>;

export type ApiName = keyof typeof api;
