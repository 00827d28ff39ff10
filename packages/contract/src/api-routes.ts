import { z } from 'zod';
import * as accounts from './accounts.ts';
import * as address from './address.ts';
import * as admin from './admin.ts';
import * as adminCatalog from './admin-catalog.ts';
import * as adminDashboard from './admin-dashboard.ts';
import * as adminMembers from './admin-members.ts';
import * as adminPayments from './admin-payments.ts';
import * as adminRefunds from './admin-refunds.ts';
import * as adminShipping from './admin-shipping.ts';
import * as adminShopSettings from './admin-shop-settings.ts';
import * as catalog from './catalog.ts';
import * as exchange from './exchange.ts';
import * as fields from './fields.ts';
import * as gacha from './gacha.ts';
import * as mailPreferences from './mail-preferences.ts';
import * as payments from './payments.ts';
import * as playSafety from './play-safety.ts';
import * as shippingSchema from './shipping-schema.ts';
import * as site from './site.ts';
import * as trust from './trust.ts';
import * as user from './user.ts';
import * as wire from './wire.ts';
import { api, type ApiName, type ApiPath } from './api-paths.ts';

/**
 * The route table with its schemas: each entry of api-paths.ts plus the zod schemas the server
 * parses and checks with (payload: the POST's `json` field; params: the path's placeholders;
 * query: the query string; response: the answer's own fields, state, csrf and errors come on
 * top). The server registers routes from these entries; the web app imports this file for
 * types only.
 */
export interface ApiRoute extends ApiPath {
  readonly payload?: z.ZodType;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response: z.ZodObject;
}

// type 0 is every card type; an id otherwise (the contract's integer field: nothing coerced).
const typePageParams = z.object({ type: fields.intField({ min: 0 }), page: wire.pageParamSchema });
const packPageParams = z.object({ packId: wire.idParamSchema, page: wire.pageParamSchema });
const packParams = z.object({ packId: wire.idParamSchema });
const pageParams = z.object({ page: wire.pageParamSchema });
const codeParams = z.object({ code: trust.shareCodeSchema });
const packHistoryIdParams = z.object({ packHistoryId: wire.idParamSchema });
const idParams = z.object({ id: wire.idParamSchema });

export const apiRoutes = {
  registrationConfirm: { ...api.registrationConfirm, payload: accounts.registrationPayload, response: wire.emptyResponse },
  registrationAppend: { ...api.registrationAppend, payload: accounts.registrationPayload, response: wire.emptyResponse },
  login: { ...api.login, payload: accounts.loginPayload, response: wire.emptyResponse },
  resetPassword: { ...api.resetPassword, payload: accounts.resetPasswordPayload, response: wire.emptyResponse },
  resetPasswordVerify: { ...api.resetPasswordVerify, payload: accounts.resetTokenPayload, response: wire.emptyResponse },
  resetPasswordComplete: { ...api.resetPasswordComplete, payload: accounts.resetPasswordCompletePayload, response: wire.emptyResponse },
  changePassword: { ...api.changePassword, payload: accounts.changePasswordPayload, response: wire.emptyResponse },
  userDetail: { ...api.userDetail, response: accounts.userDetailResponse },
  userChange: { ...api.userChange, payload: accounts.changeMemberPayload, response: wire.emptyResponse },
  sendSms: { ...api.sendSms, payload: accounts.sendSmsPayload, response: accounts.sendSmsResponse },
  checkSms: { ...api.checkSms, payload: accounts.checkSmsPayload, response: accounts.checkSmsResponse },
  addressZipcode: { ...api.addressZipcode, payload: address.zipcodePayload, response: address.zipcodeResponse },
  adminLogin: { ...api.adminLogin, payload: admin.adminLoginPayload, response: admin.adminStepResponse },
  adminPassword: { ...api.adminPassword, payload: admin.adminPasswordPayload, response: admin.adminStepResponse },
  adminTotpEnrol: { ...api.adminTotpEnrol, response: admin.adminEnrolResponse },
  adminTotpEnrolSave: { ...api.adminTotpEnrolSave, payload: admin.adminCodePayload, response: admin.adminStepResponse },
  adminTotp: { ...api.adminTotp, payload: admin.adminCodePayload, response: admin.adminStepResponse },
  adminLogout: { ...api.adminLogout, response: wire.emptyResponse },
  adminMe: { ...api.adminMe, response: admin.adminMeResponse },
  adminOperators: { ...api.adminOperators, response: admin.operatorListResponse },
  adminOperatorsCreate: { ...api.adminOperatorsCreate, payload: admin.operatorCreatePayload, response: admin.operatorPasswordResponse },
  adminOperatorsUpdate: { ...api.adminOperatorsUpdate, payload: admin.operatorUpdatePayload, response: admin.operatorResponse },
  adminOperatorsReset: { ...api.adminOperatorsReset, payload: admin.operatorResetPayload, response: admin.operatorPasswordResponse },
  adminAudit: { ...api.adminAudit, query: admin.auditQuery, response: admin.auditPageResponse },
  adminBanners: { ...api.adminBanners, response: adminShopSettings.adminBannerListResponse },
  adminBannersSave: { ...api.adminBannersSave, payload: adminShopSettings.bannerPayload, response: adminShopSettings.adminBannerResponse },
  adminBannersRemove: { ...api.adminBannersRemove, payload: adminShopSettings.bannerRemovePayload, response: adminShopSettings.adminBannerResponse },
  adminBannersMode: { ...api.adminBannersMode, payload: adminShopSettings.bannerModePayload, response: adminShopSettings.bannerModeResponse },
  adminCardTypes: { ...api.adminCardTypes, response: adminCatalog.cardTypeAdminListResponse },
  adminCardTypesSave: { ...api.adminCardTypesSave, payload: adminCatalog.cardTypeSavePayload, response: adminCatalog.cardTypeAdminResponse },
  adminPacks: { ...api.adminPacks, query: adminCatalog.packListQuery, response: adminCatalog.packListResponse },
  adminPacksById: { ...api.adminPacksById, params: adminCatalog.packIdParams, response: adminCatalog.packAdminResponse },
  adminPacksCreate: { ...api.adminPacksCreate, payload: adminCatalog.packCreatePayload, response: adminCatalog.packAdminResponse },
  adminPacksUpdate: { ...api.adminPacksUpdate, payload: adminCatalog.packUpdatePayload, response: adminCatalog.packAdminResponse },
  adminPacksSale: { ...api.adminPacksSale, payload: adminCatalog.packSalePayload, response: adminCatalog.packAdminResponse },
  adminPacksPreview: { ...api.adminPacksPreview, payload: adminCatalog.detailPreviewPayload, response: adminCatalog.detailPreviewResponse },
  adminMediaImage: { ...api.adminMediaImage, response: adminCatalog.imageUploadResponse },
  cardType: { ...api.cardType, response: catalog.cardTypeListResponse },
  prefList: { ...api.prefList, response: catalog.prefListResponse },
  banner: { ...api.banner, response: catalog.bannerResponse },
  packList: { ...api.packList, response: catalog.packListResponse },
  packListFiltered: { ...api.packListFiltered, payload: catalog.packListFilterPayload, response: catalog.packListResponse },
  packAllList: { ...api.packAllList, params: typePageParams, response: catalog.packPageResponse },
  packCardList: { ...api.packCardList, params: packPageParams, response: catalog.packCardPageResponse },
  packDetail: { ...api.packDetail, params: packParams, response: catalog.packDetailResponse },
  adminDashboard: { ...api.adminDashboard, response: adminDashboard.dashboardResponse },
  adminExchangeCards: { ...api.adminExchangeCards, response: adminShopSettings.adminExchangeCardListResponse },
  adminExchangeCardsCreate: { ...api.adminExchangeCardsCreate, payload: adminShopSettings.exchangeCardCreatePayload, response: adminShopSettings.adminExchangeCardResponse },
  adminExchangeCardsUpdate: { ...api.adminExchangeCardsUpdate, payload: adminShopSettings.exchangeCardUpdatePayload, response: adminShopSettings.adminExchangeCardResponse },
  adminExchangeCardsStock: { ...api.adminExchangeCardsStock, payload: adminShopSettings.exchangeStockPayload, response: adminShopSettings.adminExchangeCardResponse },
  exchangeCardList: { ...api.exchangeCardList, payload: exchange.exchangeListPayload, params: pageParams, response: exchange.exchangeListResponse },
  exchangeCardCheck: { ...api.exchangeCardCheck, payload: exchange.exchangePayload, response: exchange.exchangeCheckResponse },
  exchangeCardExchange: { ...api.exchangeCardExchange, payload: exchange.exchangePayload, response: exchange.exchangeResponse },
  packCheck: { ...api.packCheck, payload: gacha.packCheckPayload, response: gacha.packCheckResponse },
  packBuy: { ...api.packBuy, payload: gacha.packBuyPayload, response: gacha.packBuyResponse },
  packGacheResult: { ...api.packGacheResult, query: gacha.purchaseResultQuery, response: gacha.purchaseResultResponse },
  packBuyResult: { ...api.packBuyResult, query: gacha.purchaseResultQuery, response: gacha.purchaseResultResponse },
  packTrust: { ...api.packTrust, params: packParams, response: trust.packTrustResponse },
  packDraws: { ...api.packDraws, params: packPageParams, response: trust.drawLogResponse },
  packWins: { ...api.packWins, params: packParams, response: trust.recentWinsResponse },
  wins: { ...api.wins, response: trust.recentWinsResponse },
  share: { ...api.share, params: codeParams, response: trust.sharedWinResponse },
  packDecision: { ...api.packDecision, payload: gacha.decisionPayload, response: gacha.decisionResponse },
  historyList: { ...api.historyList, payload: gacha.historyListPayload, params: pageParams, response: gacha.historyListResponse },
  historyDetail: { ...api.historyDetail, params: packHistoryIdParams, response: gacha.historyDetailResponse },
  adminRevealVideos: { ...api.adminRevealVideos, response: adminShopSettings.adminRevealVideoListResponse },
  adminRevealVideosUpload: { ...api.adminRevealVideosUpload, payload: adminShopSettings.revealVideoUploadPayload, response: adminShopSettings.adminRevealVideoResponse },
  adminRevealVideosRemove: { ...api.adminRevealVideosRemove, payload: adminShopSettings.revealVideoRemovePayload, response: adminShopSettings.revealVideoRemoveResponse },
  adminShopMediaUpload: { ...api.adminShopMediaUpload, payload: adminShopSettings.shopMediaUploadPayload, response: adminShopSettings.shopMediaUploadResponse },
  revealMovies: { ...api.revealMovies, response: catalog.revealMoviesResponse },
  mailPreferences: { ...api.mailPreferences, response: mailPreferences.mailPreferencesResponse },
  mailPreferencesSave: { ...api.mailPreferencesSave, payload: mailPreferences.mailPreferencesPayload, response: mailPreferences.mailPreferencesResponse },
  adminOutbox: { ...api.adminOutbox, query: admin.outboxQuery, response: admin.outboxResponse },
  adminCourses: { ...api.adminCourses, response: adminShopSettings.adminCourseListResponse },
  adminCoursesSave: { ...api.adminCoursesSave, payload: adminShopSettings.coursePayload, response: adminShopSettings.adminCourseResponse },
  adminCoursesRetire: { ...api.adminCoursesRetire, payload: adminShopSettings.courseRetirePayload, response: adminShopSettings.adminCourseResponse },
  adminPayments: { ...api.adminPayments, query: adminPayments.paymentSearchQuery, response: adminPayments.paymentSearchResponse },
  adminPaymentsCourses: { ...api.adminPaymentsCourses, response: adminPayments.adminCourseListResponse },
  adminPaymentsById: { ...api.adminPaymentsById, params: adminPayments.paymentIdParams, response: adminPayments.paymentDetailResponse },
  adminPaymentsConfirm: { ...api.adminPaymentsConfirm, payload: adminPayments.paymentConfirmPayload, response: adminPayments.paymentChangeResponse },
  adminPaymentsCancel: { ...api.adminPaymentsCancel, payload: adminPayments.paymentCancelPayload, response: adminPayments.paymentChangeResponse },
  adminPaymentsRecord: { ...api.adminPaymentsRecord, payload: adminPayments.outsidePaymentPayload, response: adminPayments.paymentChangeResponse },
  pointPrice: { ...api.pointPrice, params: pageParams, response: payments.pointPricePageResponse },
  pointPriceDetail: { ...api.pointPriceDetail, params: idParams, query: payments.pointPriceDetailQuery, response: payments.pointPriceDetailResponse },
  payStyle: { ...api.payStyle, query: payments.courseQuery, response: payments.payStyleResponse },
  bankInfo: { ...api.bankInfo, query: payments.paymentQuery, response: payments.bankInfoResponse },
  gmoToken: { ...api.gmoToken, payload: payments.gmoTokenPayload, response: payments.gmoTokenResponse },
  pointBuy: { ...api.pointBuy, payload: payments.pointBuyPayload, response: payments.pointBuyResponse },
  gmoResult: { ...api.gmoResult, payload: payments.gmoResultPayload, response: payments.paymentOutcomeResponse },
  pointAppend: { ...api.pointAppend, payload: payments.pointAppendPayload, response: payments.paymentOutcomeResponse },
  pointEnd: { ...api.pointEnd, query: payments.paymentQuery, response: payments.paymentOutcomeResponse },
  pointCombiniNumber: { ...api.pointCombiniNumber, query: payments.paymentQuery, response: payments.combiniNumberResponse },
  buttonSignature: { ...api.buttonSignature, query: payments.courseQuery, response: payments.buttonSignatureResponse },
  setCheckoutSession: { ...api.setCheckoutSession, params: payments.checkoutSessionParams, response: payments.setCheckoutSessionResponse },
  getCheckoutSession: { ...api.getCheckoutSession, response: payments.checkoutSessionResponse },
  completeCheckoutSession: { ...api.completeCheckoutSession, query: payments.completeCheckoutQuery, response: payments.paymentOutcomeResponse },
  adminPaymentsRefunds: { ...api.adminPaymentsRefunds, params: adminPayments.paymentIdParams, response: adminRefunds.paymentRefundsResponse },
  adminPaymentsRefund: { ...api.adminPaymentsRefund, payload: adminRefunds.paymentRefundPayload, response: adminRefunds.paymentRefundResponse },
  adminMembersReviews: { ...api.adminMembersReviews, params: adminMembers.memberIdParams, response: adminRefunds.memberReviewsResponse },
  adminRanks: { ...api.adminRanks, response: adminShopSettings.adminRankListResponse },
  adminRanksUpdate: { ...api.adminRanksUpdate, payload: adminShopSettings.rankUpdatePayload, response: adminShopSettings.adminRankResponse },
  buyRank: { ...api.buyRank, payload: exchange.buyRankPayload, response: exchange.buyRankResponse },
  adminMinorCaps: { ...api.adminMinorCaps, response: playSafety.minorCapsResponse },
  adminMinorCapsSave: { ...api.adminMinorCapsSave, payload: playSafety.minorCapsSchema, response: playSafety.minorCapsResponse },
  adminMembersBirthDate: { ...api.adminMembersBirthDate, payload: playSafety.adminBirthDatePayload, response: playSafety.ageStatusResponse },
  playSafety: { ...api.playSafety, response: playSafety.ageStatusResponse },
  birthDate: { ...api.birthDate, payload: playSafety.birthDatePayload, response: wire.emptyResponse },
  adminMaintenance: { ...api.adminMaintenance, response: admin.maintenanceResponse },
  adminMaintenanceSave: { ...api.adminMaintenanceSave, payload: admin.maintenancePayload, response: admin.maintenanceResponse },
  adminShipping: { ...api.adminShipping, query: adminShipping.shippingQuery, response: adminShipping.shippingListResponse },
  adminShippingPicklist: { ...api.adminShippingPicklist, query: adminShipping.shippingQuery, response: adminShipping.pickListResponse },
  adminShippingExport: { ...api.adminShippingExport, query: adminShipping.shippingQuery, response: adminShipping.shippingExportResponse },
  adminShippingTransition: { ...api.adminShippingTransition, payload: adminShipping.shippingTransitionPayload, response: adminShipping.shippingTransitionResponse },
  adminShippingImport: { ...api.adminShippingImport, payload: adminShipping.trackingImportPayload, response: adminShipping.trackingImportResponse },
  exchangeShipments: { ...api.exchangeShipments, response: shippingSchema.exchangeShipmentsResponse },
  siteInfo: { ...api.siteInfo, response: site.siteInfoResponse },
  adminMembers: { ...api.adminMembers, query: adminMembers.memberSearchQuery, response: adminMembers.memberSearchResponse },
  adminMembersById: { ...api.adminMembersById, params: adminMembers.memberIdParams, response: adminMembers.memberDetailResponse },
  adminMembersSuspend: { ...api.adminMembersSuspend, payload: adminMembers.suspendPayload, response: adminMembers.suspendResponse },
  adminMembersNote: { ...api.adminMembersNote, payload: adminMembers.notePayload, response: adminMembers.noteResponse },
  userPoint: { ...api.userPoint, response: user.currentUserResponse },
  logout: { ...api.logout, response: wire.emptyResponse },
  adminMembersAdjust: { ...api.adminMembersAdjust, payload: adminMembers.adjustPayload, response: adminMembers.adjustResponse },
  pointList: { ...api.pointList, params: pageParams, response: payments.pointHistoryPageResponse },
  pointExpiring: { ...api.pointExpiring, response: payments.expiringPointsResponse },
  coinList: { ...api.coinList, params: pageParams, response: payments.coinHistoryPageResponse },
} as const satisfies Record<ApiName, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
