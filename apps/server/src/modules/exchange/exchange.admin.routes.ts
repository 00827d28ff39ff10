import {
  adminExchangeCardListResponse,
  adminExchangeCardResponse,
  exchangeCardCreatePayload,
  exchangeCardUpdatePayload,
  exchangeStockPayload,
} from '@oripa/contract/admin-shop-settings';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { adjustExchangeStock, createExchangeCard, listExchangeCardsForOperator, updateExchangeCard } from './exchange-admin.service.ts';

/** Exchange cards in the console: list, create, edit, and stock adjusted relative to what is there. */
export default async function exchangeAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/exchange-cards', 'catalog.write', { response: adminExchangeCardListResponse }, async ({ app }) => ({ cards: await listExchangeCardsForOperator(app.db) }));

  r.post('/admin/exchange-cards/create', 'catalog.write', { payload: exchangeCardCreatePayload, response: adminExchangeCardResponse }, async ({ app, actor, payload }) => {
    const { image, card_name, ...rest } = payload;
    // Images come uploaded (/media/…), so no file is read from disk: the base folder is unused.
    const card = await createExchangeCard(app.db, { ...rest, ...(image ? { image } : {}), ...(card_name ? { card_name } : {}) }, '.', actor);
    return { card };
  });

  r.post('/admin/exchange-cards/update', 'catalog.write', { payload: exchangeCardUpdatePayload, response: adminExchangeCardResponse }, async ({ app, actor, payload }) => {
    const { card_id, ...edit } = payload;
    return { card: await updateExchangeCard(app.db, card_id, edit, actor) };
  });

  r.post('/admin/exchange-cards/stock', 'catalog.write', { payload: exchangeStockPayload, response: adminExchangeCardResponse }, async ({ app, actor, payload }) => ({
    card: await adjustExchangeStock(app.db, payload.card_id, payload.change, actor),
  }));
}
