import {
  exchangeCheckResponse,
  exchangeListPayload,
  exchangeListResponse,
  exchangePayload,
  exchangeResponse,
} from '@oripa/contract/exchange';
import { pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import { checkExchange, exchangeCard, listExchangeCards } from './exchange.service.ts';

const pageParams = z.object({ page: pageParamSchema });

/**
 * The exchange shop: visitors may browse the list; the check and the exchange need a member
 * (state 401 otherwise) and go check → exchange, like pack purchases.
 */
export default async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.post(
    '/user/exchange_card/list/:page',
    { params: pageParams, payload: exchangeListPayload, response: exchangeListResponse },
    async ({ app, request, params, payload, userId }) =>
      listExchangeCards(app.db, { page: params.page, search: payload.searchText, sort: payload.sort, userId, lang: request.lang }),
  );

  r.memberPost(
    '/user/exchange_card/check',
    { payload: exchangePayload, response: exchangeCheckResponse },
    async ({ app, request, session, userId, payload }) => checkExchange(app.db, session.key, userId, payload.card_id, new Date(), request.lang),
  );

  r.memberPost(
    '/user/exchange_card/exchange',
    { payload: exchangePayload, response: exchangeResponse },
    async ({ app, request, session, userId, payload }) => exchangeCard(app.db, session.key, userId, payload.card_id, new Date(), request.lang),
  );
}
