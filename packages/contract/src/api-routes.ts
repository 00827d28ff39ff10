import { z } from 'zod';
import * as accounts from './accounts.ts';
import * as address from './address.ts';
import * as admin from './admin.ts';
import * as adminAlerts from './admin-alerts.ts';
import * as adminCatalog from './admin-catalog.ts';
import * as adminCatalogScale from './admin-catalog-scale.ts';
import * as adminReports from './admin-reports.ts';
import * as adminDashboard from './admin-dashboard.ts';
import * as adminMembers from './admin-members.ts';
import * as adminPayments from './admin-payments.ts';
import * as adminRefunds from './admin-refunds.ts';
import * as adminShipping from './admin-shipping.ts';
import * as adminShopSettings from './admin-shop-settings.ts';
import * as bonuses from './bonuses.ts';
import * as catalog from './catalog.ts';
import * as coupons from './coupons.ts';
import * as campaigns from './campaigns.ts';
import * as exchange from './exchange.ts';
import * as fields from './fields.ts';
import * as gacha from './gacha.ts';
import * as inquiries from './inquiries.ts';
import * as invoice from './invoice.ts';
import * as line from './line.ts';
import * as mailPreferences from './mail-preferences.ts';
import * as payments from './payments.ts';
import * as playSafety from './play-safety.ts';
import * as playLimits from './play-limits.ts';
import * as shippingSchema from './shipping-schema.ts';
import * as site from './site.ts';
import * as trust from './trust.ts';
import * as user from './user.ts';
import * as wire from './wire.ts';
import * as api from './api-paths.ts';
import type { AdminAccess, ApiName, ApiPath, ShopAccess } from './api-paths.ts';

/**
 * The route table with its schemas: each entry of api-paths.ts plus the zod schemas the server
 * parses and checks with (payload: the POST's `json` field; params: the path's placeholders;
 * query: the query string; response: the answer's own fields, state, csrf and errors come on
 * top). The server registers routes from these entries; the web app imports this file for
 * types only.
 */
export interface ApiRoute extends ApiPath {
  /** The route's name: its key here and in api-paths.ts. */
  readonly name: string;
  /** Who may call it (ShopAccess for the shop, AdminAccess for the console). */
  readonly access: ShopAccess | AdminAccess;
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
  registrationConfirm: { ...api.registrationConfirm, name: 'registrationConfirm', access: 'anyone', payload: accounts.registrationPayload, response: wire.emptyResponse },
  registrationAppend: { ...api.registrationAppend, name: 'registrationAppend', access: 'anyone', payload: accounts.registrationPayload, response: wire.emptyResponse },
  login: { ...api.login, name: 'login', access: 'anyone', payload: accounts.loginPayload, response: wire.emptyResponse },
  resetPassword: { ...api.resetPassword, name: 'resetPassword', access: 'anyone', payload: accounts.resetPasswordPayload, response: wire.emptyResponse },
  resetPasswordVerify: { ...api.resetPasswordVerify, name: 'resetPasswordVerify', access: 'anyone', payload: accounts.resetTokenPayload, response: wire.emptyResponse },
  resetPasswordComplete: { ...api.resetPasswordComplete, name: 'resetPasswordComplete', access: 'anyone', payload: accounts.resetPasswordCompletePayload, response: wire.emptyResponse },
  changePassword: { ...api.changePassword, name: 'changePassword', access: 'member', payload: accounts.changePasswordPayload, response: wire.emptyResponse },
  userDetail: { ...api.userDetail, name: 'userDetail', access: 'member', response: accounts.userDetailResponse },
  userChange: { ...api.userChange, name: 'userChange', access: 'member', payload: accounts.changeMemberPayload, response: wire.emptyResponse },
  sendSms: { ...api.sendSms, name: 'sendSms', access: 'member', payload: accounts.sendSmsPayload, response: accounts.sendSmsResponse },
  checkSms: { ...api.checkSms, name: 'checkSms', access: 'member', payload: accounts.checkSmsPayload, response: accounts.checkSmsResponse },
  lineSettings: { ...api.lineSettings, name: 'lineSettings', access: 'anyone', response: line.lineSettingsResponse },
  lineAccount: { ...api.lineAccount, name: 'lineAccount', access: 'member', response: line.lineAccountResponse },
  lineRegister: { ...api.lineRegister, name: 'lineRegister', access: 'anyone', payload: line.lineRegisterPayload, response: wire.emptyResponse },
  lineUnlink: { ...api.lineUnlink, name: 'lineUnlink', access: 'member', response: wire.emptyResponse },
  addressZipcode: { ...api.addressZipcode, name: 'addressZipcode', access: 'anyone', payload: address.zipcodePayload, response: address.zipcodeResponse },
  adminLogin: { ...api.adminLogin, name: 'adminLogin', access: 'visitor', payload: admin.adminLoginPayload, response: admin.adminStepResponse },
  adminPassword: { ...api.adminPassword, name: 'adminPassword', access: 'login', payload: admin.adminPasswordPayload, response: admin.adminStepResponse },
  adminTotpEnrol: { ...api.adminTotpEnrol, name: 'adminTotpEnrol', access: 'login', response: admin.adminEnrolResponse },
  adminTotpEnrolSave: { ...api.adminTotpEnrolSave, name: 'adminTotpEnrolSave', access: 'login', payload: admin.adminCodePayload, response: admin.adminStepResponse },
  adminTotp: { ...api.adminTotp, name: 'adminTotp', access: 'login', payload: admin.adminCodePayload, response: admin.adminStepResponse },
  adminLogout: { ...api.adminLogout, name: 'adminLogout', access: 'login', response: wire.emptyResponse },
  adminMe: { ...api.adminMe, name: 'adminMe', access: 'dashboard.read', response: admin.adminMeResponse },
  adminOperators: { ...api.adminOperators, name: 'adminOperators', access: 'operators.manage', response: admin.operatorListResponse },
  adminOperatorsCreate: { ...api.adminOperatorsCreate, name: 'adminOperatorsCreate', access: 'operators.manage', payload: admin.operatorCreatePayload, response: admin.operatorPasswordResponse },
  adminOperatorsUpdate: { ...api.adminOperatorsUpdate, name: 'adminOperatorsUpdate', access: 'operators.manage', payload: admin.operatorUpdatePayload, response: admin.operatorResponse },
  adminOperatorsReset: { ...api.adminOperatorsReset, name: 'adminOperatorsReset', access: 'operators.manage', payload: admin.operatorResetPayload, response: admin.operatorPasswordResponse },
  adminAudit: { ...api.adminAudit, name: 'adminAudit', access: 'audit.read', query: admin.auditQuery, response: admin.auditPageResponse },
  adminBanners: { ...api.adminBanners, name: 'adminBanners', access: 'catalog.write', response: adminShopSettings.adminBannerListResponse },
  adminBannersSave: { ...api.adminBannersSave, name: 'adminBannersSave', access: 'catalog.write', payload: adminShopSettings.bannerPayload, response: adminShopSettings.adminBannerResponse },
  adminBannersRemove: { ...api.adminBannersRemove, name: 'adminBannersRemove', access: 'catalog.write', payload: adminShopSettings.bannerRemovePayload, response: adminShopSettings.adminBannerResponse },
  adminBannersMode: { ...api.adminBannersMode, name: 'adminBannersMode', access: 'catalog.write', payload: adminShopSettings.bannerModePayload, response: adminShopSettings.bannerModeResponse },
  adminCardTypes: { ...api.adminCardTypes, name: 'adminCardTypes', access: 'catalog.write', response: adminCatalog.cardTypeAdminListResponse },
  adminCardTypesSave: { ...api.adminCardTypesSave, name: 'adminCardTypesSave', access: 'catalog.write', payload: adminCatalog.cardTypeSavePayload, response: adminCatalog.cardTypeAdminResponse },
  adminPacks: { ...api.adminPacks, name: 'adminPacks', access: 'catalog.write', query: adminCatalog.packListQuery, response: adminCatalog.packListResponse },
  adminPacksById: { ...api.adminPacksById, name: 'adminPacksById', access: 'catalog.write', params: adminCatalog.packIdParams, response: adminCatalog.packAdminResponse },
  adminPacksCreate: { ...api.adminPacksCreate, name: 'adminPacksCreate', access: 'catalog.write', payload: adminCatalog.packCreatePayload, response: adminCatalog.packAdminResponse },
  adminPacksUpdate: { ...api.adminPacksUpdate, name: 'adminPacksUpdate', access: 'catalog.write', payload: adminCatalog.packUpdatePayload, response: adminCatalog.packAdminResponse },
  adminPacksSale: { ...api.adminPacksSale, name: 'adminPacksSale', access: 'catalog.write', payload: adminCatalog.packSalePayload, response: adminCatalog.packAdminResponse },
  adminPacksLineupFile: { ...api.adminPacksLineupFile, name: 'adminPacksLineupFile', access: 'catalog.write', query: adminCatalogScale.lineupFileQuery, response: adminCatalogScale.lineupFileResponse },
  adminPacksLineupImport: { ...api.adminPacksLineupImport, name: 'adminPacksLineupImport', access: 'catalog.write', payload: adminCatalogScale.lineupImportPayload, response: adminCatalogScale.lineupImportResponse },
  adminPacksDuplicate: { ...api.adminPacksDuplicate, name: 'adminPacksDuplicate', access: 'catalog.write', payload: adminCatalogScale.packDuplicatePayload, response: adminCatalogScale.packDuplicateResponse },
  adminPacksRestock: { ...api.adminPacksRestock, name: 'adminPacksRestock', access: 'catalog.write', payload: adminCatalogScale.packRestockPayload, response: adminCatalog.packAdminResponse },
  adminPacksSaleBulk: { ...api.adminPacksSaleBulk, name: 'adminPacksSaleBulk', access: 'catalog.write', payload: adminCatalogScale.packBulkSalePayload, response: adminCatalogScale.packBulkSaleResponse },
  adminPacksPreview: { ...api.adminPacksPreview, name: 'adminPacksPreview', access: 'catalog.write', payload: adminCatalog.detailPreviewPayload, response: adminCatalog.detailPreviewResponse },
  adminMediaImage: { ...api.adminMediaImage, name: 'adminMediaImage', access: 'catalog.write', response: adminCatalog.imageUploadResponse },
  cardType: { ...api.cardType, name: 'cardType', access: 'anyone', response: catalog.cardTypeListResponse },
  prefList: { ...api.prefList, name: 'prefList', access: 'anyone', response: catalog.prefListResponse },
  banner: { ...api.banner, name: 'banner', access: 'anyone', response: catalog.bannerResponse },
  packList: { ...api.packList, name: 'packList', access: 'anyone', response: catalog.packListResponse },
  packListFiltered: { ...api.packListFiltered, name: 'packListFiltered', access: 'anyone', payload: catalog.packListFilterPayload, response: catalog.packListResponse },
  packAllList: { ...api.packAllList, name: 'packAllList', access: 'anyone', params: typePageParams, response: catalog.packPageResponse },
  packCardList: { ...api.packCardList, name: 'packCardList', access: 'anyone', params: packPageParams, response: catalog.packCardPageResponse },
  packDetail: { ...api.packDetail, name: 'packDetail', access: 'anyone', params: packParams, response: catalog.packDetailResponse },
  adminDashboard: { ...api.adminDashboard, name: 'adminDashboard', access: 'dashboard.read', response: adminDashboard.dashboardResponse },
  adminExchangeCards: { ...api.adminExchangeCards, name: 'adminExchangeCards', access: 'catalog.write', response: adminShopSettings.adminExchangeCardListResponse },
  adminExchangeCardsCreate: { ...api.adminExchangeCardsCreate, name: 'adminExchangeCardsCreate', access: 'catalog.write', payload: adminShopSettings.exchangeCardCreatePayload, response: adminShopSettings.adminExchangeCardResponse },
  adminExchangeCardsUpdate: { ...api.adminExchangeCardsUpdate, name: 'adminExchangeCardsUpdate', access: 'catalog.write', payload: adminShopSettings.exchangeCardUpdatePayload, response: adminShopSettings.adminExchangeCardResponse },
  adminExchangeCardsStock: { ...api.adminExchangeCardsStock, name: 'adminExchangeCardsStock', access: 'catalog.write', payload: adminShopSettings.exchangeStockPayload, response: adminShopSettings.adminExchangeCardResponse },
  exchangeCardList: { ...api.exchangeCardList, name: 'exchangeCardList', access: 'anyone', payload: exchange.exchangeListPayload, params: pageParams, response: exchange.exchangeListResponse },
  exchangeCardCheck: { ...api.exchangeCardCheck, name: 'exchangeCardCheck', access: 'member', payload: exchange.exchangePayload, response: exchange.exchangeCheckResponse },
  exchangeCardExchange: { ...api.exchangeCardExchange, name: 'exchangeCardExchange', access: 'member', payload: exchange.exchangePayload, response: exchange.exchangeResponse },
  packCheck: { ...api.packCheck, name: 'packCheck', access: 'member-by-key', payload: gacha.packCheckPayload, response: gacha.packCheckResponse },
  packBuy: { ...api.packBuy, name: 'packBuy', access: 'member-by-key', payload: gacha.packBuyPayload, response: gacha.packBuyResponse },
  packGacheResult: { ...api.packGacheResult, name: 'packGacheResult', access: 'member', query: gacha.purchaseResultQuery, response: gacha.purchaseResultResponse },
  packBuyResult: { ...api.packBuyResult, name: 'packBuyResult', access: 'member', query: gacha.purchaseResultQuery, response: gacha.purchaseResultResponse },
  packTrust: { ...api.packTrust, name: 'packTrust', access: 'anyone', params: packParams, response: trust.packTrustResponse },
  packDraws: { ...api.packDraws, name: 'packDraws', access: 'anyone', params: packPageParams, response: trust.drawLogResponse },
  packWins: { ...api.packWins, name: 'packWins', access: 'anyone', params: packParams, response: trust.recentWinsResponse },
  wins: { ...api.wins, name: 'wins', access: 'anyone', response: trust.recentWinsResponse },
  share: { ...api.share, name: 'share', access: 'anyone', params: codeParams, response: trust.sharedWinResponse },
  packDecision: { ...api.packDecision, name: 'packDecision', access: 'member', payload: gacha.decisionPayload, response: gacha.decisionResponse },
  historyList: { ...api.historyList, name: 'historyList', access: 'member', payload: gacha.historyListPayload, params: pageParams, response: gacha.historyListResponse },
  historyDetail: { ...api.historyDetail, name: 'historyDetail', access: 'member', params: packHistoryIdParams, response: gacha.historyDetailResponse },
  adminRevealVideos: { ...api.adminRevealVideos, name: 'adminRevealVideos', access: 'catalog.write', response: adminShopSettings.adminRevealVideoListResponse },
  adminRevealVideosUpload: { ...api.adminRevealVideosUpload, name: 'adminRevealVideosUpload', access: 'catalog.write', payload: adminShopSettings.revealVideoUploadPayload, response: adminShopSettings.adminRevealVideoResponse },
  adminRevealVideosRemove: { ...api.adminRevealVideosRemove, name: 'adminRevealVideosRemove', access: 'catalog.write', payload: adminShopSettings.revealVideoRemovePayload, response: adminShopSettings.revealVideoRemoveResponse },
  adminShopMediaUpload: { ...api.adminShopMediaUpload, name: 'adminShopMediaUpload', access: 'catalog.write', payload: adminShopSettings.shopMediaUploadPayload, response: adminShopSettings.shopMediaUploadResponse },
  revealMovies: { ...api.revealMovies, name: 'revealMovies', access: 'anyone', response: catalog.revealMoviesResponse },
  mailPreferences: { ...api.mailPreferences, name: 'mailPreferences', access: 'member', response: mailPreferences.mailPreferencesResponse },
  mailPreferencesSave: { ...api.mailPreferencesSave, name: 'mailPreferencesSave', access: 'member', payload: mailPreferences.mailPreferencesPayload, response: mailPreferences.mailPreferencesResponse },
  adminOutbox: { ...api.adminOutbox, name: 'adminOutbox', access: 'outbox.read', query: admin.outboxQuery, response: admin.outboxResponse },
  adminCourses: { ...api.adminCourses, name: 'adminCourses', access: 'catalog.write', response: adminShopSettings.adminCourseListResponse },
  adminCoursesSave: { ...api.adminCoursesSave, name: 'adminCoursesSave', access: 'catalog.write', payload: adminShopSettings.coursePayload, response: adminShopSettings.adminCourseResponse },
  adminCoursesRetire: { ...api.adminCoursesRetire, name: 'adminCoursesRetire', access: 'catalog.write', payload: adminShopSettings.courseRetirePayload, response: adminShopSettings.adminCourseResponse },
  adminPayments: { ...api.adminPayments, name: 'adminPayments', access: 'payments.read', query: adminPayments.paymentSearchQuery, response: adminPayments.paymentSearchResponse },
  adminPaymentsCourses: { ...api.adminPaymentsCourses, name: 'adminPaymentsCourses', access: 'payments.read', response: adminPayments.adminCourseListResponse },
  adminPaymentsById: { ...api.adminPaymentsById, name: 'adminPaymentsById', access: 'payments.read', params: adminPayments.paymentIdParams, response: adminPayments.paymentDetailResponse },
  adminPaymentsConfirm: { ...api.adminPaymentsConfirm, name: 'adminPaymentsConfirm', access: 'payments.write', payload: adminPayments.paymentConfirmPayload, response: adminPayments.paymentChangeResponse },
  adminPaymentsCancel: { ...api.adminPaymentsCancel, name: 'adminPaymentsCancel', access: 'payments.write', payload: adminPayments.paymentCancelPayload, response: adminPayments.paymentChangeResponse },
  adminPaymentsRecord: { ...api.adminPaymentsRecord, name: 'adminPaymentsRecord', access: 'payments.write', payload: adminPayments.outsidePaymentPayload, response: adminPayments.paymentChangeResponse },
  pointPrice: { ...api.pointPrice, name: 'pointPrice', access: 'anyone', params: pageParams, response: payments.pointPricePageResponse },
  pointPriceDetail: { ...api.pointPriceDetail, name: 'pointPriceDetail', access: 'anyone', params: idParams, query: payments.pointPriceDetailQuery, response: payments.pointPriceDetailResponse },
  payStyle: { ...api.payStyle, name: 'payStyle', access: 'member', query: payments.courseQuery, response: payments.payStyleResponse },
  bankInfo: { ...api.bankInfo, name: 'bankInfo', access: 'member', query: payments.paymentQuery, response: payments.bankInfoResponse },
  gmoToken: { ...api.gmoToken, name: 'gmoToken', access: 'member', payload: payments.gmoTokenPayload, response: payments.gmoTokenResponse },
  pointBuy: { ...api.pointBuy, name: 'pointBuy', access: 'member', payload: payments.pointBuyPayload, response: payments.pointBuyResponse },
  gmoResult: { ...api.gmoResult, name: 'gmoResult', access: 'member', payload: payments.gmoResultPayload, response: payments.paymentOutcomeResponse },
  pointAppend: { ...api.pointAppend, name: 'pointAppend', access: 'member', payload: payments.pointAppendPayload, response: payments.paymentOutcomeResponse },
  pointEnd: { ...api.pointEnd, name: 'pointEnd', access: 'member', query: payments.paymentQuery, response: payments.paymentOutcomeResponse },
  pointCombiniNumber: { ...api.pointCombiniNumber, name: 'pointCombiniNumber', access: 'member', query: payments.paymentQuery, response: payments.combiniNumberResponse },
  buttonSignature: { ...api.buttonSignature, name: 'buttonSignature', access: 'member', query: payments.courseQuery, response: payments.buttonSignatureResponse },
  setCheckoutSession: { ...api.setCheckoutSession, name: 'setCheckoutSession', access: 'member', params: payments.checkoutSessionParams, response: payments.setCheckoutSessionResponse },
  getCheckoutSession: { ...api.getCheckoutSession, name: 'getCheckoutSession', access: 'member', response: payments.checkoutSessionResponse },
  completeCheckoutSession: { ...api.completeCheckoutSession, name: 'completeCheckoutSession', access: 'member', query: payments.completeCheckoutQuery, response: payments.paymentOutcomeResponse },
  adminPaymentsRefunds: { ...api.adminPaymentsRefunds, name: 'adminPaymentsRefunds', access: 'payments.read', params: adminPayments.paymentIdParams, response: adminRefunds.paymentRefundsResponse },
  adminPaymentsRefund: { ...api.adminPaymentsRefund, name: 'adminPaymentsRefund', access: 'payments.refund', payload: adminRefunds.paymentRefundPayload, response: adminRefunds.paymentRefundResponse },
  adminMembersReviews: { ...api.adminMembersReviews, name: 'adminMembersReviews', access: 'payments.read', params: adminMembers.memberIdParams, response: adminRefunds.memberReviewsResponse },
  adminRanks: { ...api.adminRanks, name: 'adminRanks', access: 'catalog.write', response: adminShopSettings.adminRankListResponse },
  adminRanksUpdate: { ...api.adminRanksUpdate, name: 'adminRanksUpdate', access: 'catalog.write', payload: adminShopSettings.rankUpdatePayload, response: adminShopSettings.adminRankResponse },
  buyRank: { ...api.buyRank, name: 'buyRank', access: 'member', payload: exchange.buyRankPayload, response: exchange.buyRankResponse },
  adminMinorCaps: { ...api.adminMinorCaps, name: 'adminMinorCaps', access: 'members.read', response: playSafety.minorCapsResponse },
  adminMinorCapsSave: { ...api.adminMinorCapsSave, name: 'adminMinorCapsSave', access: 'minor_caps.write', payload: playSafety.minorCapsSchema, response: playSafety.minorCapsResponse },
  adminAlerts: { ...api.adminAlerts, name: 'adminAlerts', access: 'alerts.read', response: adminAlerts.alertsResponse },
  adminAlertsSave: { ...api.adminAlertsSave, name: 'adminAlertsSave', access: 'alerts.write', payload: adminAlerts.alertSettingsSchema, response: adminAlerts.alertsResponse },
  adminAlertMails: { ...api.adminAlertMails, name: 'adminAlertMails', access: 'alerts.read', payload: adminAlerts.alertMailsPayload, response: adminAlerts.alertsResponse },
  adminReportPacks: { ...api.adminReportPacks, name: 'adminReportPacks', access: 'reports.read', query: adminReports.reportQuery, response: adminReports.packReportResponse },
  adminReportPeriod: { ...api.adminReportPeriod, name: 'adminReportPeriod', access: 'reports.read', query: adminReports.reportQuery, response: adminReports.periodReportResponse },
  adminReportFile: { ...api.adminReportFile, name: 'adminReportFile', access: 'reports.read', query: adminReports.reportFileQuery, response: adminReports.reportFileResponse },
  adminMembersBirthDate: { ...api.adminMembersBirthDate, name: 'adminMembersBirthDate', access: 'members.birth_date', payload: playSafety.adminBirthDatePayload, response: playSafety.ageStatusResponse },
  playSafety: { ...api.playSafety, name: 'playSafety', access: 'member', response: playSafety.ageStatusResponse },
  birthDate: { ...api.birthDate, name: 'birthDate', access: 'member', payload: playSafety.birthDatePayload, response: wire.emptyResponse },
  playLimits: { ...api.playLimits, name: 'playLimits', access: 'member', response: playLimits.playLimitsResponse },
  playLimitsSave: { ...api.playLimitsSave, name: 'playLimitsSave', access: 'member', payload: playLimits.playLimitsPayload, response: playLimits.playLimitsResponse },
  playPause: { ...api.playPause, name: 'playPause', access: 'member', payload: playLimits.playPausePayload, response: playLimits.playLimitsResponse },
  adminMembersPlayLimits: { ...api.adminMembersPlayLimits, name: 'adminMembersPlayLimits', access: 'members.play_limits', payload: playLimits.adminPlayLimitsPayload, response: playLimits.playLimitsResponse },
  adminMembersPlayPause: { ...api.adminMembersPlayPause, name: 'adminMembersPlayPause', access: 'members.play_limits', payload: playLimits.adminPlayPausePayload, response: playLimits.playLimitsResponse },
  adminMaintenance: { ...api.adminMaintenance, name: 'adminMaintenance', access: 'maintenance.read', response: admin.maintenanceResponse },
  adminMaintenanceSave: { ...api.adminMaintenanceSave, name: 'adminMaintenanceSave', access: 'maintenance.write', payload: admin.maintenancePayload, response: admin.maintenanceResponse },
  adminShipping: { ...api.adminShipping, name: 'adminShipping', access: 'shipping.write', query: adminShipping.shippingQuery, response: adminShipping.shippingListResponse },
  adminShippingPicklist: { ...api.adminShippingPicklist, name: 'adminShippingPicklist', access: 'shipping.write', query: adminShipping.shippingQuery, response: adminShipping.pickListResponse },
  adminShippingExport: { ...api.adminShippingExport, name: 'adminShippingExport', access: 'shipping.write', query: adminShipping.shippingExportQuery, response: adminShipping.shippingExportResponse },
  adminShippingTransition: { ...api.adminShippingTransition, name: 'adminShippingTransition', access: 'shipping.write', payload: adminShipping.shippingTransitionPayload, response: adminShipping.shippingTransitionResponse },
  adminShippingImport: { ...api.adminShippingImport, name: 'adminShippingImport', access: 'shipping.write', payload: adminShipping.trackingImportPayload, response: adminShipping.trackingImportResponse },
  adminShippingCombine: { ...api.adminShippingCombine, name: 'adminShippingCombine', access: 'shipping.write', payload: adminShipping.combinePayload, response: adminShipping.combineResponse },
  adminShippingSplit: { ...api.adminShippingSplit, name: 'adminShippingSplit', access: 'shipping.write', payload: adminShipping.splitPayload, response: adminShipping.splitResponse },
  adminShippingSettings: { ...api.adminShippingSettings, name: 'adminShippingSettings', access: 'shipping.write', response: adminShipping.shippingSettingsResponse },
  adminShippingSettingsSave: { ...api.adminShippingSettingsSave, name: 'adminShippingSettingsSave', access: 'shipping.write', payload: adminShipping.shippingSettingsPayload, response: adminShipping.shippingSettingsResponse },
  exchangeShipments: { ...api.exchangeShipments, name: 'exchangeShipments', access: 'member', response: shippingSchema.exchangeShipmentsResponse },
  siteInfo: { ...api.siteInfo, name: 'siteInfo', access: 'anyone', response: site.siteInfoResponse },
  adminMembers: { ...api.adminMembers, name: 'adminMembers', access: 'members.read', query: adminMembers.memberSearchQuery, response: adminMembers.memberSearchResponse },
  adminMembersById: { ...api.adminMembersById, name: 'adminMembersById', access: 'members.read', params: adminMembers.memberIdParams, response: adminMembers.memberDetailResponse },
  adminMembersSuspend: { ...api.adminMembersSuspend, name: 'adminMembersSuspend', access: 'members.suspend', payload: adminMembers.suspendPayload, response: adminMembers.suspendResponse },
  adminMembersLineUnlink: { ...api.adminMembersLineUnlink, name: 'adminMembersLineUnlink', access: 'members.line_unlink', payload: adminMembers.lineUnlinkPayload, response: adminMembers.lineUnlinkResponse },
  adminMembersNote: { ...api.adminMembersNote, name: 'adminMembersNote', access: 'members.note', payload: adminMembers.notePayload, response: adminMembers.noteResponse },
  userPoint: { ...api.userPoint, name: 'userPoint', access: 'anyone-by-key', response: user.currentUserResponse },
  logout: { ...api.logout, name: 'logout', access: 'anyone', response: wire.emptyResponse },
  adminMembersAdjust: { ...api.adminMembersAdjust, name: 'adminMembersAdjust', access: 'members.compensate', payload: adminMembers.adjustPayload, response: adminMembers.adjustResponse },
  pointList: { ...api.pointList, name: 'pointList', access: 'member', params: pageParams, response: payments.pointHistoryPageResponse },
  pointExpiring: { ...api.pointExpiring, name: 'pointExpiring', access: 'member', response: payments.expiringPointsResponse },
  coinList: { ...api.coinList, name: 'coinList', access: 'member', params: pageParams, response: payments.coinHistoryPageResponse },
  pointReceipt: { ...api.pointReceipt, name: 'pointReceipt', access: 'member', params: z.object({ paymentId: fields.idField() }), response: invoice.pointReceiptResponse },
  adminInvoice: { ...api.adminInvoice, name: 'adminInvoice', access: 'maintenance.read', response: invoice.invoiceSettingsResponse },
  adminInvoiceSave: { ...api.adminInvoiceSave, name: 'adminInvoiceSave', access: 'invoice.write', payload: invoice.invoiceSettingsPayload, response: invoice.invoiceSettingsResponse },
  adminRoles: { ...api.adminRoles, name: 'adminRoles', access: 'operators.manage', response: admin.rolesResponse },
  adminRolesSave: { ...api.adminRolesSave, name: 'adminRolesSave', access: 'operators.manage', payload: admin.roleSavePayload, response: admin.rolesResponse },
  inquiryList: { ...api.inquiryList, name: 'inquiryList', access: 'member', response: inquiries.inquiryListResponse },
  inquiryCreate: { ...api.inquiryCreate, name: 'inquiryCreate', access: 'member', payload: inquiries.inquiryCreatePayload, response: inquiries.inquiryThreadResponse },
  inquiryDetail: { ...api.inquiryDetail, name: 'inquiryDetail', access: 'member', params: inquiries.inquiryIdParams, response: inquiries.inquiryThreadResponse },
  inquiryReply: { ...api.inquiryReply, name: 'inquiryReply', access: 'member', payload: inquiries.inquiryReplyPayload, response: inquiries.inquiryThreadResponse },
  adminInquiries: { ...api.adminInquiries, name: 'adminInquiries', access: 'inquiries.read', query: inquiries.adminInquiryQuery, response: inquiries.adminInquiryListResponse },
  adminInquiriesById: { ...api.adminInquiriesById, name: 'adminInquiriesById', access: 'inquiries.read', params: inquiries.inquiryIdParams, response: inquiries.adminInquiryThreadResponse },
  adminInquiriesReply: { ...api.adminInquiriesReply, name: 'adminInquiriesReply', access: 'inquiries.write', payload: inquiries.adminInquiryReplyPayload, response: inquiries.adminInquiryThreadResponse },
  adminInquiriesUpdate: { ...api.adminInquiriesUpdate, name: 'adminInquiriesUpdate', access: 'inquiries.write', payload: inquiries.adminInquiryUpdatePayload, response: inquiries.adminInquiryThreadResponse },
  adminInquiriesSettings: { ...api.adminInquiriesSettings, name: 'adminInquiriesSettings', access: 'inquiries.write', payload: inquiries.adminInquirySettingsPayload, response: inquiries.adminInquirySettingsResponse },
  inquiryFile: { ...api.inquiryFile, name: 'inquiryFile', access: 'member', params: inquiries.inquiryIdParams, response: inquiries.inquiryFileResponse },
  adminInquiriesFile: { ...api.adminInquiriesFile, name: 'adminInquiriesFile', access: 'inquiries.read', params: inquiries.inquiryIdParams, response: inquiries.inquiryFileResponse },
  loginBonus: { ...api.loginBonus, name: 'loginBonus', access: 'member', payload: z.object({}), response: bonuses.loginBonusResponse },
  adminPointSettings: { ...api.adminPointSettings, name: 'adminPointSettings', access: 'maintenance.read', response: bonuses.pointSettingsResponse },
  adminPointSettingsSave: { ...api.adminPointSettingsSave, name: 'adminPointSettingsSave', access: 'points.settings', payload: bonuses.pointSettingsSchema, response: bonuses.pointSettingsResponse },
  // Coupons and promotion codes (decision 059)
  redeemCoupon: { ...api.redeemCoupon, name: 'redeemCoupon', access: 'member', payload: coupons.redeemCouponSchema, response: coupons.redeemCouponResponse },
  checkCoupon: { ...api.checkCoupon, name: 'checkCoupon', access: 'member', payload: coupons.checkCouponSchema, response: coupons.checkCouponResponse },
  adminCoupons: { ...api.adminCoupons, name: 'adminCoupons', access: 'members.read', query: coupons.couponListQuery, response: coupons.couponListResponse },
  adminCouponCreate: { ...api.adminCouponCreate, name: 'adminCouponCreate', access: 'points.settings', payload: coupons.createCouponSchema, response: coupons.couponResponse },
  adminCouponPause: { ...api.adminCouponPause, name: 'adminCouponPause', access: 'points.settings', payload: coupons.pauseCouponSchema, response: coupons.couponResponse },
  adminCouponBatch: { ...api.adminCouponBatch, name: 'adminCouponBatch', access: 'points.settings', payload: coupons.couponBatchSchema, response: coupons.couponBatchResponse },
  adminCouponBatchFile: { ...api.adminCouponBatchFile, name: 'adminCouponBatchFile', access: 'points.settings', query: coupons.couponBatchFileQuery, response: coupons.couponBatchFileResponse },
  adminCouponUses: { ...api.adminCouponUses, name: 'adminCouponUses', access: 'members.read', params: z.object({ id: fields.idField() }), response: coupons.couponUsesResponse },
  // Campaigns (decision 060)
  activeCampaigns: { ...api.activeCampaigns, name: 'activeCampaigns', access: 'anyone', response: campaigns.activeCampaignsResponse },
  adminCampaigns: { ...api.adminCampaigns, name: 'adminCampaigns', access: 'members.read', response: campaigns.campaignListResponse },
  adminCampaignCreate: { ...api.adminCampaignCreate, name: 'adminCampaignCreate', access: 'points.settings', payload: campaigns.createCampaignSchema, response: campaigns.campaignResponse },
  adminCampaignPause: { ...api.adminCampaignPause, name: 'adminCampaignPause', access: 'points.settings', payload: campaigns.pauseCampaignSchema, response: campaigns.campaignResponse },
  adminCampaignGrants: { ...api.adminCampaignGrants, name: 'adminCampaignGrants', access: 'members.read', params: z.object({ id: fields.idField() }), response: campaigns.campaignGrantsResponse },
} as const satisfies Record<ApiName, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
