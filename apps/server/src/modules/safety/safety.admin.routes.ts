import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import { adminRoutes } from '../admin/admin-route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { minorCaps, setMinorCaps } from '../settings/settings.service.ts';
import { memberForConsole } from '../users/members-admin.service.ts';
import { ageStatus, correctBirthDate } from './safety.service.ts';

/** The console's side of decision 037: minors' monthly caps, and support's birth-date correction. */
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
}
