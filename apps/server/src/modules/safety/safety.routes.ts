import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { ageStatus, recordBirthDate } from './safety.service.ts';

/** The member's age and this month's cap (decision 037): always the session's member. */
export default async function safetyRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.playSafety, async ({ app, userId }) => ({
    play_safety: await ageStatus(app.db, userId, new Date()),
  }));

  r.handle(apiRoutes.birthDate, async ({ app, userId, payload }) => {
    await recordBirthDate(app.db, userId, payload, new Date());
    return {};
  });
}
