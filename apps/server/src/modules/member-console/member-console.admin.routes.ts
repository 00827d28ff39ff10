import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import { adminRoutes } from '../admin/admin-route.ts';
import { addMemberNote, memberNotes, setSuspended, suspensionOf } from '../admin/member-status.service.ts';
import { purchasesForConsole } from '../gacha/purchases-admin.service.ts';
import { paymentsForConsole } from '../payments/payments-console.service.ts';
import { playLimits } from '../safety/limits.service.ts';
import { ageStatus } from '../safety/safety.service.ts';
import { walletForConsole } from '../wallet/wallet-admin.service.ts';
import { findMembers, memberForConsole, referralsForConsole } from '../users/members-admin.service.ts';

/** Members in the console: search, a member's page, suspension, support notes. */
export default async function usersAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminMembers, async ({ app, query }) =>
    findMembers(app.db, query),
  );

  r.handle(apiRoutes.adminMembersById, async ({ app, params }) => {
    const member = await memberForConsole(app.db, params.id);
    if (!member) throw AppError.field('id', 'common.not_found');
    return {
      member,
      suspension: await suspensionOf(app.db, params.id),
      ...(await walletForConsole(app.db, params.id)),
      notes: await memberNotes(app.db, params.id),
      ...(await purchasesForConsole(app.db, params.id)),
      payments: await paymentsForConsole(app.db, params.id),
      referrals: await referralsForConsole(app.db, params.id),
      play_safety: await ageStatus(app.db, params.id, app.clock()),
      play_limits: await playLimits(app.db, params.id, app.clock(), true),
    };
  });

  r.handle(apiRoutes.adminMembersSuspend, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    return { suspended: await setSuspended(app.db, payload.user_id, payload.suspended, payload.reason, actor) };
  });

  r.handle(apiRoutes.adminMembersNote, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    return { note: await addMemberNote(app.db, payload.user_id, payload.body, actor) };
  });
}
