import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/client.ts';
import type { AppContext } from './http/context.ts';
import { createCsrfSigner } from './http/csrf.ts';
import { frameworkErrors } from './http/framework-errors.ts';
import { safeLoggerOptions } from './http/log-safety.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { MaintenanceSwitch } from './http/maintenance.ts';
import { trackRoutes } from './http/route-catalog.ts';
import requestLog, { requestIdGenerator } from './http/request-log.ts';
import { registerSpa } from './http/spa.ts';
import wire from './http/wire.ts';
import { registerHealth } from './metrics/health.ts';
import { ShopMetrics } from './metrics/metrics.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { smsProviderCheck } from './modules/notifications/sms/sms-readiness.ts';
import { paymentProvidersCheck } from './modules/payments/provider-readiness.ts';
import { registerModules } from './modules/register.ts';
import { providerScriptOrigins } from './modules/payments/providers.ts';
import { csrfSecret, inquiryFormEnabled, invoiceRegistrationNumber, isMaintenance } from './modules/settings/settings.service.ts';
import { createFairness } from './modules/transparency/fairness.ts';
import { assertMayBuyPoints } from './modules/safety/safety.service.ts';
import { memberAllowance } from './modules/gacha/pack-purchase.service.ts';
import { memberShipments } from './modules/shipping/shipping-queue.service.ts';
import { purchaseCards } from './modules/holdings/purchase-history.service.ts';

export interface BuildOptions {
  /** Where log lines go instead of stdout (the log-safety test reads them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server on an open, migrated database. It never listens; server.ts does. */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Log lines carry no SQL parameters, cookies, tokens, passwords or card data (log-safety.ts).
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, ...safeLoggerOptions(), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    // One access line per request (http/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // A URL the router cannot read answers the envelope (API) or a page, not Fastify's bare JSON.
    frameworkErrors,
  });

  // Changes other instances make (maintenance…) reach this one through the database.
  const changes = await new ChangeFeed().start(database);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    csrf: createCsrfSigner(await csrfSecret(database.db)),
    maintenance: new MaintenanceSwitch(() => isMaintenance(database.db), changes),
    changes,
    notifier: createNotifier(
      config,
      database.db,
      (err, context) => app.log.error({ err, to: context.to, subject: context.subject }, 'mail delivery failed'),
      process.env,
      (err, deliveryId) => app.log.error({ err, sms_delivery: deliveryId }, 'sms delivery failed'),
    ),
    cookie: { secure: config.NODE_ENV === 'production' },
    metrics: new ShopMetrics(database),
    lifecycle: { closing: false },
    readinessChecks: [],
    clock: () => new Date(),
    fairness: await createFairness(config, (relay, err) => app.log.warn({ err, relay }, 'beacon relay failed')),
    // The minors' spending caps (safety) guard point purchases (payments) from here: safety
    // reads payments, so payments must not import safety (decision 038).
    pointPurchaseGuard: assertMayBuyPoints,
    // The pack page's allowance counts gacha's purchases; catalog sits below gacha (decision 038).
    memberAllowance,
    // The purchase history shows its parcels; shipping sits above holdings (decision 038).
    memberShipments,
    // A purchase's result shows its cards (holdings, above gacha: decision 038).
    purchaseCards,
    // The legal pages show the invoice registration number (settings, above site: decision 038).
    invoiceRegistration: invoiceRegistrationNumber,
    // The contact links lead to the on-site inquiry form when it is on (settings, decision 052).
    inquiryForm: inquiryFormEnabled,
  };
  // /readyz also reports a payment or SMS provider it cannot reach (decision 031).
  ctx.readinessChecks.push(paymentProvidersCheck(database.db, config), smsProviderCheck(ctx.notifier.sms));
  app.decorate('ctx', ctx);
  // Before any route: the catalogue lets tests check every answer and every route's schema.
  trackRoutes(app);
  // Mails still on their way go out before the server stops.
  app.addHook('onClose', async () => {
    ctx.metrics.close();
    await ctx.changes.close();
    await ctx.notifier.close();
  });

  // Helmet's headers, computed once rather than per request (http/security-headers.ts).
  registerSecurityHeaders(app, {
    // A deliberate policy: no upgrade-insecure-requests, so plain HTTP on a LAN host still works.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The payment providers' tokenizer scripts (GMO's token.js) load from, and post to, their origin.
        scriptSrc: ["'self'", ...providerScriptOrigins(config)],
        // No inline style or script: React sets styles through the DOM, pages link their CSS (decision 032).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...providerScriptOrigins(config)],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every text answer crosses the wire compressed (brotli, else gzip); the built web app's files
  // are compressed at build time and sent as they are (http/spa.ts), which this plugin leaves alone.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(requestLog);
  registerHealth(app, () => ctx.lifecycle.closing);
  await app.register(wire);
  await registerModules(app);
  await registerSpa(app, config.WEB_DIST);
  return app;
}
