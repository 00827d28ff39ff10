import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { playLimits, setPlayLimits, setPlayPause } from './limits.service.ts';
import { ageStatus, recordBirthDate } from './safety.service.ts';

/**
 * The member's age and this month's cap (decision 037), and the member's own limits, time-out
 * and self-exclusion (decision 043): always the session's member.
 */
export default async function safetyRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.playSafety, async ({ app, userId }) => ({
    play_safety: await ageStatus(app.db, userId, app.clock()),
  }));

  r.handle(apiRoutes.birthDate, async ({ app, userId, payload }) => {
    await recordBirthDate(app.db, userId, payload, app.clock());
    return {};
  });

  r.handle(apiRoutes.playLimits, async ({ app, userId }) => ({
    play_limits: await playLimits(app.db, userId, app.clock()),
  }));

  r.handle(apiRoutes.playLimitsSave, async ({ app, userId, payload }) => {
    const now = app.clock();
    await setPlayLimits(app.db, userId, payload, now, { member: true });
    return { play_limits: await playLimits(app.db, userId, now) };
  });

  r.handle(apiRoutes.playPause, async ({ app, userId, payload }) => {
    const now = app.clock();
    await setPlayPause(app.db, userId, payload.period, now, { member: true });
    return { play_limits: await playLimits(app.db, userId, now) };
  });
}
