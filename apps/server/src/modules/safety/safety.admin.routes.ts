import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import { adminRoutes } from '../admin/admin-route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { minorCaps, setMinorCaps } from '../settings/settings.service.ts';
import { memberForConsole } from '../users/members-admin.service.ts';
import { playLimits, setPlayLimits, setPlayPause } from './limits.service.ts';
import { ageStatus, correctBirthDate } from './safety.service.ts';

/**
 * The console's side of decision 037 (minors' monthly caps, support's birth-date correction) and
 * of decision 043 (a family's request: a member's limits or a pause, with a reason, audited).
 */
export default async function safetyAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminMinorCaps, async ({ app }) => ({ caps: await minorCaps(app.db) }));

  r.handle(apiRoutes.adminMinorCapsSave, async ({ app, actor, payload }) => {
    await app.db.transaction(async (tx) => {
      const before = await minorCaps(tx);
      await setMinorCaps(tx, payload);
      await recordAudit(tx, actor, { action: 'minor_caps.set', target: 'minor_caps', before, after: payload });
    });
    return { caps: payload };
  });

  r.handle(apiRoutes.adminMembersBirthDate, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    const now = new Date();
    await correctBirthDate(app.db, actor, payload.user_id, payload.birth_date, payload.reason, now);
    return { play_safety: await ageStatus(app.db, payload.user_id, now) };
  });

  r.handle(apiRoutes.adminMembersPlayLimits, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    const now = app.clock();
    await setPlayLimits(app.db, payload.user_id, payload, now, { member: false, actor, reason: payload.reason });
    return { play_limits: await playLimits(app.db, payload.user_id, now, true) };
  });

  r.handle(apiRoutes.adminMembersPlayPause, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    const now = app.clock();
    await setPlayPause(app.db, payload.user_id, payload.period, now, { member: false, actor, reason: payload.reason });
    return { play_limits: await playLimits(app.db, payload.user_id, now, true) };
  });
}
