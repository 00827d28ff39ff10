import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import { adminRoutes } from '../admin/admin-route.ts';
import { assertWithinCompensationLimit } from '../admin/compensation-limit.ts';
import { memberForConsole } from '../users/members-admin.service.ts';
import { adjustBalance } from './wallet-admin.service.ts';

/** A member's points or coins adjusted from the console (ledger row, audited, once per request), within the role's limit. */
export default async function walletAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminMembersAdjust, async ({ app, actor, operator, payload }) => {
    assertWithinCompensationLimit(operator.compensationLimit, payload.kind, payload.amount);
    const member = await memberForConsole(app.db, payload.user_id);
    if (!member) throw AppError.field('user_id', 'common.not_found');
    const current = async () => {
      const now = await memberForConsole(app.db, payload.user_id);
      return payload.kind === 'points' ? String(now?.point ?? 0) : (now?.coin ?? '0');
    };
    return adjustBalance(
      app.db,
      { userId: payload.user_id, kind: payload.kind, direction: payload.direction, amount: payload.amount, reason: payload.reason, requestId: payload.request_id },
      actor,
      current,
    );
  });
}
