import type { ApiPathOf } from './path-types.ts';

// The member pages' routes (history, ledgers, exchange, point purchase, settings): loaded with those pages.
export const exchangeCardList = { method: 'POST', path: '/user/exchange_card/list/:page' } as ApiPathOf<'exchangeCardList', 'POST', '/user/exchange_card/list/:page'>;
export const exchangeCardCheck = { method: 'POST', path: '/user/exchange_card/check' } as ApiPathOf<'exchangeCardCheck', 'POST', '/user/exchange_card/check'>;
export const exchangeCardExchange = { method: 'POST', path: '/user/exchange_card/exchange' } as ApiPathOf<'exchangeCardExchange', 'POST', '/user/exchange_card/exchange'>;
export const historyList = { method: 'POST', path: '/user/history/list/:page' } as ApiPathOf<'historyList', 'POST', '/user/history/list/:page'>;
export const historyDetail = { method: 'GET', path: '/user/history/detail/:packHistoryId' } as ApiPathOf<'historyDetail', 'GET', '/user/history/detail/:packHistoryId'>;
export const mailPreferences = { method: 'GET', path: '/user/mail_preferences' } as ApiPathOf<'mailPreferences', 'GET', '/user/mail_preferences'>;
export const mailPreferencesSave = { method: 'POST', path: '/user/mail_preferences' } as ApiPathOf<'mailPreferencesSave', 'POST', '/user/mail_preferences'>;
export const payStyle = { method: 'GET', path: '/user/pay_style' } as ApiPathOf<'payStyle', 'GET', '/user/pay_style'>;
export const bankInfo = { method: 'GET', path: '/user/bank' } as ApiPathOf<'bankInfo', 'GET', '/user/bank'>;
export const gmoToken = { method: 'POST', path: '/user/gmo_token' } as ApiPathOf<'gmoToken', 'POST', '/user/gmo_token'>;
export const pointBuy = { method: 'POST', path: '/user/point/buy' } as ApiPathOf<'pointBuy', 'POST', '/user/point/buy'>;
export const gmoResult = { method: 'POST', path: '/user/gmo_result' } as ApiPathOf<'gmoResult', 'POST', '/user/gmo_result'>;
export const pointAppend = { method: 'POST', path: '/user/point/append' } as ApiPathOf<'pointAppend', 'POST', '/user/point/append'>;
export const pointEnd = { method: 'GET', path: '/user/point/end' } as ApiPathOf<'pointEnd', 'GET', '/user/point/end'>;
export const pointCombiniNumber = { method: 'GET', path: '/user/point/combini_number' } as ApiPathOf<'pointCombiniNumber', 'GET', '/user/point/combini_number'>;
export const buttonSignature = { method: 'GET', path: '/user/button_signature' } as ApiPathOf<'buttonSignature', 'GET', '/user/button_signature'>;
export const setCheckoutSession = { method: 'GET', path: '/user/set_checkout_session/:id' } as ApiPathOf<'setCheckoutSession', 'GET', '/user/set_checkout_session/:id'>;
export const getCheckoutSession = { method: 'GET', path: '/user/get_checkout_session' } as ApiPathOf<'getCheckoutSession', 'GET', '/user/get_checkout_session'>;
export const completeCheckoutSession = { method: 'GET', path: '/user/complete_checkout_session' } as ApiPathOf<'completeCheckoutSession', 'GET', '/user/complete_checkout_session'>;
export const buyRank = { method: 'POST', path: '/user/buy_rank' } as ApiPathOf<'buyRank', 'POST', '/user/buy_rank'>;
export const exchangeShipments = { method: 'GET', path: '/user/exchange/shipments' } as ApiPathOf<'exchangeShipments', 'GET', '/user/exchange/shipments'>;
export const pointList = { method: 'GET', path: '/user/point/list/:page' } as ApiPathOf<'pointList', 'GET', '/user/point/list/:page'>;
export const pointExpiring = { method: 'GET', path: '/user/point/expiring' } as ApiPathOf<'pointExpiring', 'GET', '/user/point/expiring'>;
export const coinList = { method: 'GET', path: '/user/coin/list/:page' } as ApiPathOf<'coinList', 'GET', '/user/coin/list/:page'>;
export const pointReceipt = { method: 'GET', path: '/user/point/receipt/:paymentId' } as ApiPathOf<'pointReceipt', 'GET', '/user/point/receipt/:paymentId'>;
// Members' inquiries (decision 052).
export const inquiryList = { method: 'GET', path: '/user/inquiries' } as ApiPathOf<'inquiryList', 'GET', '/user/inquiries'>;
export const inquiryCreate = { method: 'POST', path: '/user/inquiries' } as ApiPathOf<'inquiryCreate', 'POST', '/user/inquiries'>;
export const inquiryDetail = { method: 'GET', path: '/user/inquiries/:id' } as ApiPathOf<'inquiryDetail', 'GET', '/user/inquiries/:id'>;
export const inquiryReply = { method: 'POST', path: '/user/inquiries/reply' } as ApiPathOf<'inquiryReply', 'POST', '/user/inquiries/reply'>;
export const inquiryFile = { method: 'GET', path: '/user/inquiries/file/:id' } as ApiPathOf<'inquiryFile', 'GET', '/user/inquiries/file/:id'>;
export const loginBonus = { method: 'POST', path: '/user/login_bonus' } as ApiPathOf<'loginBonus', 'POST', '/user/login_bonus'>;
export const redeemCoupon = { method: 'POST', path: '/user/coupon' } as ApiPathOf<'redeemCoupon', 'POST', '/user/coupon'>;
// Campaigns running now (decision 060): read by the lazily loaded banners of the top page and /buy-point.
export const activeCampaigns = { method: 'GET', path: '/user/campaigns' } as ApiPathOf<'activeCampaigns', 'GET', '/user/campaigns'>;
export const checkCoupon = { method: 'POST', path: '/user/coupon/check' } as ApiPathOf<'checkCoupon', 'POST', '/user/coupon/check'>;
