import { ageStatusResponse, birthDatePayload } from '@oripa/contract/play-safety';
import type { FastifyInstance } from 'fastify';
import { emptyResponse } from '@oripa/contract/wire';
import { routes } from '../../http/route.ts';
import { ageStatus, recordBirthDate } from './safety.service.ts';

/** The member's age and this month's cap (decision 037): always the session's member. */
export default async function safetyRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberGet('/user/play_safety', { response: ageStatusResponse }, async ({ app, userId }) => ({
    play_safety: await ageStatus(app.db, userId, new Date()),
  }));

  r.memberPost('/user/birth_date', { payload: birthDatePayload, response: emptyResponse }, async ({ app, userId, payload }) => {
    await recordBirthDate(app.db, userId, payload, new Date());
    return {};
  });
}
