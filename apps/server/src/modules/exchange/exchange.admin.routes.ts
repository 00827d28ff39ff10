import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { adjustExchangeStock, createExchangeCard, listExchangeCardsForOperator, updateExchangeCard } from './exchange-admin.service.ts';

/** Exchange cards in the console: list, create, edit, and stock adjusted relative to what is there. */
export default async function exchangeAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminExchangeCards, async ({ app }) => ({ cards: await listExchangeCardsForOperator(app.db) }));

  r.handle(apiRoutes.adminExchangeCardsCreate, async ({ app, actor, payload }) => {
    const { image, card_name, ...rest } = payload;
    // Images come uploaded (/media/…), so no file is read from disk: the base folder is unused.
    const card = await createExchangeCard(app.db, { ...rest, ...(image ? { image } : {}), ...(card_name ? { card_name } : {}) }, '.', actor);
    return { card };
  });

  r.handle(apiRoutes.adminExchangeCardsUpdate, async ({ app, actor, payload }) => {
    const { card_id, ...edit } = payload;
    return { card: await updateExchangeCard(app.db, card_id, edit, actor) };
  });

  r.handle(apiRoutes.adminExchangeCardsStock, async ({ app, actor, payload }) => ({
    card: await adjustExchangeStock(app.db, payload.card_id, payload.change, actor),
  }));
}
