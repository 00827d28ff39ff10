import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts/accounts.routes.ts';
import lineRoutes from './accounts/line.routes.ts';
import adminRoutes from './admin/admin.routes.ts';
import addressRoutes from './address/address.routes.ts';
import catalogAdminRoutes from './catalog/catalog.admin.routes.ts';
import bannersAdminRoutes from './catalog/banners.admin.routes.ts';
import catalogRoutes from './catalog/catalog.routes.ts';
import coursesAdminRoutes from './payments/courses.admin.routes.ts';
import exchangeAdminRoutes from './exchange/exchange.admin.routes.ts';
import exchangeRoutes from './exchange/exchange.routes.ts';
import gachaRoutes from './gacha/gacha.routes.ts';
import holdingsRoutes from './holdings/holdings.routes.ts';
import notificationsAdminRoutes from './notifications/notifications.admin.routes.ts';
import mailPreferencesRoutes from './notifications/mail-preferences.routes.ts';
import dashboardAdminRoutes from './dashboard/dashboard.admin.routes.ts';
import mediaRoutes from './media/media.routes.ts';
import revealMovieRoutes from './media/reveal-movies.routes.ts';
import revealMoviesAdminRoutes from './media/reveal-movies.admin.routes.ts';
import opsRoutes from './ops/ops.routes.ts';
import paymentsAdminRoutes from './payments/payments.admin.routes.ts';
import paymentRoutes from './payments/payments.routes.ts';
import providerCallbackRoutes from './payments/provider-callbacks.routes.ts';
import ranksAdminRoutes from './ranks/ranks.admin.routes.ts';
import rankRoutes from './ranks/ranks.routes.ts';
import sandboxRoutes from './payments/sandbox/sandbox.routes.ts';
import settingsAdminRoutes from './settings/settings.admin.routes.ts';
import shippingAdminRoutes from './shipping/shipping.admin.routes.ts';
import shippingRoutes from './shipping/shipping.routes.ts';
import siteRoutes from './site/site.routes.ts';
import trustRoutes from './gacha/trust.routes.ts';
import transparencyRoutes from './transparency/transparency.routes.ts';
import usersAdminRoutes from './member-console/member-console.admin.routes.ts';
import userRoutes from './users/users.routes.ts';
import walletAdminRoutes from './wallet/wallet.admin.routes.ts';
import walletRoutes from './wallet/wallet.routes.ts';
import bonusRoutes from './bonuses/bonuses.routes.ts';
import gmoRoutes from './payments/gmo/gmo.routes.ts';
// Refunds (issue 21)
import refundsAdminRoutes from './payments/refunds.admin.routes.ts';
import amazonPayRoutes from './payments/amazonpay/amazonpay.routes.ts';
// Age and spending safety (issue 26)
import safetyRoutes from './safety/safety.routes.ts';
import safetyAdminRoutes from './safety/safety.admin.routes.ts';
import alertsAdminRoutes from './alerts/alerts.admin.routes.ts';
import reportsAdminRoutes from './reports/reports.admin.routes.ts';
// Members' inquiries (issue 27 point 8)
import inquiryRoutes from './inquiries/inquiries.routes.ts';
import inquiriesAdminRoutes from './inquiries/inquiries.admin.routes.ts';
// Coupons and promotion codes (issue 28 point 4)
import couponRoutes from './coupons/coupons.routes.ts';
import couponsAdminRoutes from './coupons/coupons.admin.routes.ts';
import campaignRoutes from './campaigns/campaigns.routes.ts';
import campaignsAdminRoutes from './campaigns/campaigns.admin.routes.ts';

/**
 * Every module's routes. Shop API modules go under /api; a new module adds one line here.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const plugin of [
    userRoutes,
    accountRoutes,
    lineRoutes,
    addressRoutes,
    siteRoutes,
    catalogRoutes,
    gachaRoutes,
    trustRoutes,
    holdingsRoutes,
    // The transparency log's public API (plain JSON, decision 027).
    transparencyRoutes,
    revealMovieRoutes,
    walletRoutes,
    bonusRoutes,
    paymentRoutes,
    providerCallbackRoutes,
    exchangeRoutes,
    shippingRoutes,
    rankRoutes,
    mailPreferencesRoutes,
    safetyRoutes,
    inquiryRoutes,
    couponRoutes,
    campaignRoutes,
    opsRoutes,
    // The operator console (/api/admin/*): its own session and role guard (admin/admin-route.ts).
    adminRoutes,
    settingsAdminRoutes,
    notificationsAdminRoutes,
    dashboardAdminRoutes,
    usersAdminRoutes,
    walletAdminRoutes,
    paymentsAdminRoutes,
    shippingAdminRoutes,
    catalogAdminRoutes,
    coursesAdminRoutes,
    bannersAdminRoutes,
    revealMoviesAdminRoutes,
    exchangeAdminRoutes,
    ranksAdminRoutes,
    refundsAdminRoutes,
    safetyAdminRoutes,
    alertsAdminRoutes,
    reportsAdminRoutes,
    inquiriesAdminRoutes,
    couponsAdminRoutes,
    campaignsAdminRoutes,
    // Amazon Pay's checkout start page (/api/payment/amazonpay/checkout), when the adapter is configured.
    amazonPayRoutes,
  ]) {
    await app.register(plugin, { prefix: '/api' });
  }
  await app.register(mediaRoutes);
  // The built-in sandbox payment provider's own pages and endpoints (/sandbox/pay/…, /api/acs/secure).
  await app.register(sandboxRoutes);
  // GMO Payment Gateway: the page that starts carrier billing and PayPay at GMO (/api/payment/gmo/start).
  await app.register(gmoRoutes, { prefix: '/api' });
}
