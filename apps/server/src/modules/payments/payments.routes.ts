import {
  bankInfoResponse,
  buttonSignatureResponse,
  checkoutSessionParams,
  checkoutSessionResponse,
  combiniNumberResponse,
  completeCheckoutQuery,
  courseQuery,
  gmoResultPayload,
  gmoTokenPayload,
  gmoTokenResponse,
  paymentOutcomeResponse,
  paymentQuery,
  payStyleResponse,
  pointAppendPayload,
  pointBuyPayload,
  pointBuyResponse,
  pointPriceDetailQuery,
  pointPriceDetailResponse,
  pointPricePageResponse,
  setCheckoutSessionResponse,
} from '@oripa/contract/payments';
import { idParamSchema, pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes, type RouteContext } from '../../http/route.ts';
import { buttonSignature, completeCheckoutSession, getCheckoutSession, setCheckoutSession } from './checkout-session.service.ts';
import { appendPayment, bankInfo, cardResult, combiniNumber, pointEnd } from './completion.service.ts';
import { coursePage, openCourse, payStyle } from './courses.service.ts';
import type { PaymentContext } from './payment-context.ts';
import { assertProvidersConfigured } from './providers.ts';
import { buyPoints, tokenRequest } from './point-purchase.service.ts';

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
    now: new Date(),
    guard: ctx.app.pointPurchaseGuard,
  };
}


/** Buying points: courses, methods, every payment call of the spec, the checkout-session wallet. */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  assertProvidersConfigured(app.ctx.db, app.ctx.config);
  const r = routes(app);

  r.get('/user/point_price/:page', { params: z.object({ page: pageParamSchema }), response: pointPricePageResponse }, async ({ app, params }) =>
    coursePage(app.db, params.page),
  );

  r.get(
    '/user/point_price/detail/:id',
    { params: z.object({ id: idParamSchema }), query: pointPriceDetailQuery, response: pointPriceDetailResponse },
    async ({ app, session, params, query }) => ({ point_price: await openCourse(app.db, session, params.id, query.pack_id) }),
  );

  r.memberGet('/user/pay_style', { query: courseQuery, response: payStyleResponse }, async (ctx) =>
    payStyle(ctx.app.db, ctx.app.config, ctx.session, ctx.query.point_price_id, ctx.request.lang),
  );

  r.memberGet('/user/bank', { query: paymentQuery, response: bankInfoResponse }, async ({ app, userId, query }) =>
    bankInfo(app.db, app.config, userId, query.payment_id),
  );

  r.memberPost('/user/gmo_token', { payload: gmoTokenPayload, response: gmoTokenResponse }, async (ctx) => tokenRequest(paymentContext(ctx), ctx.payload));

  r.memberPost('/user/point/buy', { payload: pointBuyPayload, response: pointBuyResponse }, async (ctx) => buyPoints(paymentContext(ctx), ctx.userId, ctx.payload));

  r.memberPost('/user/gmo_result', { payload: gmoResultPayload, response: paymentOutcomeResponse }, async ({ app, session, userId, payload, request }) =>
    cardResult(app.db, session, userId, payload.id, request.lang),
  );

  r.memberPost('/user/point/append', { payload: pointAppendPayload, response: paymentOutcomeResponse }, async ({ app, session, userId, payload, request }) =>
    appendPayment(app.db, session, userId, payload.token, request.lang),
  );

  r.memberGet('/user/point/end', { query: paymentQuery, response: paymentOutcomeResponse }, async ({ app, session, userId, query, request }) =>
    pointEnd(app.db, session, userId, query.payment_id, request.lang),
  );

  r.memberGet('/user/point/combini_number', { query: paymentQuery, response: combiniNumberResponse }, async ({ app, userId, query, request }) =>
    combiniNumber(app.db, userId, query.payment_id, requestOrigin(request), request.lang),
  );

  r.memberGet('/user/button_signature', { query: courseQuery, response: buttonSignatureResponse }, async (ctx) => buttonSignature(paymentContext(ctx), ctx.query.point_price_id));

  r.memberGet('/user/set_checkout_session/:id', { params: checkoutSessionParams, response: setCheckoutSessionResponse }, async (ctx) =>
    setCheckoutSession(paymentContext(ctx), ctx.params.id),
  );

  r.memberGet('/user/get_checkout_session', { response: checkoutSessionResponse }, async (ctx) => getCheckoutSession(paymentContext(ctx)));

  r.memberGet('/user/complete_checkout_session', { query: completeCheckoutQuery, response: paymentOutcomeResponse }, async (ctx) =>
    completeCheckoutSession(paymentContext(ctx), ctx.userId, ctx.query.amazonCheckoutSessionId),
  );
}
