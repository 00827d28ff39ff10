import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes, type RouteContext } from '../../http/route.ts';
import { buttonSignature, completeCheckoutSession, getCheckoutSession, setCheckoutSession } from './checkout-session.service.ts';
import { appendPayment, bankInfo, cardResult, combiniNumber, pointEnd } from './completion.service.ts';
import { coursePage, openCourse, payStyle } from './courses.service.ts';
import type { PaymentContext } from './payment-context.ts';
import { assertProvidersConfigured } from './providers.ts';
import { buyPoints, checkCourseCoupon, tokenRequest } from './point-purchase.service.ts';
import { pointReceipt } from './receipt.service.ts';

/** The shop's origin as this browser reaches it: PUBLIC_URL, else the request's own. */
export function requestOrigin(request: FastifyRequest): string {
  return request.server.ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

function paymentContext(ctx: RouteContext<unknown, unknown, unknown>): PaymentContext {
  return {
    db: ctx.app.db,
    config: ctx.app.config,
    session: ctx.session,
    lang: ctx.request.lang,
    origin: requestOrigin(ctx.request),
    now: ctx.app.clock(),
    guard: ctx.app.pointPurchaseGuard,
  };
}


/** Buying points: courses, methods, every payment call of the spec, the checkout-session wallet. */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  assertProvidersConfigured(app.ctx.db, app.ctx.config);
  const r = routes(app);

  r.handle(apiRoutes.pointPrice, async ({ app, params }) =>
    coursePage(app.db, params.page),
  );

  r.handle(apiRoutes.pointPriceDetail, async ({ app, session, params, query }) => ({ point_price: await openCourse(app.db, session, params.id, query.pack_id) }),
  );

  r.handle(apiRoutes.payStyle, async (ctx) =>
    payStyle(ctx.app.db, ctx.app.config, ctx.session, ctx.query.point_price_id, ctx.request.lang),
  );

  r.handle(apiRoutes.bankInfo, async ({ app, userId, query }) =>
    bankInfo(app.db, app.config, userId, query.payment_id),
  );

  r.handle(apiRoutes.gmoToken, async (ctx) => tokenRequest(paymentContext(ctx), ctx.payload));

  r.handle(apiRoutes.pointBuy, async (ctx) => buyPoints(paymentContext(ctx), ctx.userId, ctx.payload));
  r.handle(apiRoutes.checkCoupon, async (ctx) => checkCourseCoupon(paymentContext(ctx), ctx.userId, ctx.payload));

  r.handle(apiRoutes.gmoResult, async ({ app, session, userId, payload, request }) =>
    cardResult(app.db, session, userId, payload.id, request.lang),
  );

  r.handle(apiRoutes.pointAppend, async ({ app, session, userId, payload, request }) =>
    appendPayment(app.db, session, userId, payload.token, request.lang),
  );

  r.handle(apiRoutes.pointEnd, async ({ app, session, userId, query, request }) =>
    pointEnd(app.db, session, userId, query.payment_id, request.lang),
  );

  r.handle(apiRoutes.pointCombiniNumber, async ({ app, userId, query, request }) =>
    combiniNumber(app.db, userId, query.payment_id, requestOrigin(request), request.lang),
  );

  r.handle(apiRoutes.pointReceipt, async ({ app, userId, params }) => ({
    receipt: await pointReceipt(app.db, app.config, userId, params.paymentId),
  }));

  r.handle(apiRoutes.buttonSignature, async (ctx) => buttonSignature(paymentContext(ctx), ctx.query.point_price_id));

  r.handle(apiRoutes.setCheckoutSession, async (ctx) =>
    setCheckoutSession(paymentContext(ctx), ctx.params.id),
  );

  r.handle(apiRoutes.getCheckoutSession, async (ctx) => getCheckoutSession(paymentContext(ctx)));

  r.handle(apiRoutes.completeCheckoutSession, async (ctx) =>
    completeCheckoutSession(paymentContext(ctx), ctx.userId, ctx.query.amazonCheckoutSessionId),
  );
}
