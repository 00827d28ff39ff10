import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { checkExchange, exchangeCard, listExchangeCards } from './exchange.service.ts';

/**
 * The exchange shop: visitors may browse the list; the check and the exchange need a member
 * (state 401 otherwise) and go check → exchange, like pack purchases.
 */
export default async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.exchangeCardList, async ({ app, request, params, payload, userId }) =>
      listExchangeCards(app.db, { page: params.page, search: payload.searchText, sort: payload.sort, userId, lang: request.lang }),
  );

  r.handle(apiRoutes.exchangeCardCheck, async ({ app, request, session, userId, payload }) => checkExchange(app.db, session.key, userId, payload.card_id, new Date(), request.lang),
  );

  r.handle(apiRoutes.exchangeCardExchange, async ({ app, request, session, userId, payload }) => exchangeCard(app.db, session.key, userId, payload.card_id, new Date(), request.lang),
  );
}
