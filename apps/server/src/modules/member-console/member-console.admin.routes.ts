import type { MemberParcel } from '@oripa/contract/admin-members';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../kernel/errors.ts';
import { adminRoutes } from '../admin/admin-route.ts';
import { operatorMay } from '../admin/admin-session.ts';
import { addMemberNote, memberNotes, setSuspended, suspensionOf } from '../admin/member-status.service.ts';
import { purchasesForConsole } from '../gacha/purchases-admin.service.ts';
import { paymentsForConsole } from '../payments/payments-console.service.ts';
import { playLimits } from '../safety/limits.service.ts';
import { ageStatus } from '../safety/safety.service.ts';
import { walletForConsole } from '../wallet/wallet-admin.service.ts';
import { findMembers, memberForConsole, referralsForConsole } from '../users/members-admin.service.ts';
import { lineLinkForConsole, linkedLineName } from '../accounts/line.service.ts';
import { unlinkLineForSupport } from '../accounts/line-support.service.ts';
import { publicUrl } from '../../config.ts';

/** Purchases whose parcels the member's page lists: the latest with cards to ship. */
const PARCEL_PURCHASES = 20;

/**
 * The parcels of the member's latest purchases with cards to ship, through shipping's reader
 * on the app context (shipping sits beside this module in the layers, decision 038).
 */
async function parcelsOf(app: AppContext, userId: number, purchases: readonly { id: number; pack_name: string; ship: number }[]): Promise<MemberParcel[]> {
  const shipped = purchases.filter((p) => p.ship > 0).slice(0, PARCEL_PURCHASES);
  const each = await Promise.all(
    shipped.map(async (p) => (await app.memberShipments(app.db, userId, { purchaseId: p.id })).map((s) => ({ ...s, purchase_id: p.id, pack_name: p.pack_name }))),
  );
  return each.flat();
}

/** Members in the console: search, a member's page, suspension, support notes. */
export default async function usersAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminMembers, async ({ app, query }) =>
    findMembers(app.db, query),
  );

  r.handle(apiRoutes.adminMembersById, async ({ app, operator, params }) => {
    const member = await memberForConsole(app.db, params.id);
    if (!member) throw AppError.field('id', 'common.not_found');
    const bought = await purchasesForConsole(app.db, params.id);
    return {
      member: { ...member, line_name: await linkedLineName(app.db, params.id) },
      line: await lineLinkForConsole(app.db, params.id),
      suspension: await suspensionOf(app.db, params.id),
      ...(await walletForConsole(app.db, params.id)),
      notes: await memberNotes(app.db, params.id),
      ...bought,
      payments: await paymentsForConsole(app.db, params.id),
      referrals: await referralsForConsole(app.db, params.id),
      play_safety: await ageStatus(app.db, params.id, app.clock()),
      play_limits: await playLimits(app.db, params.id, app.clock(), true),
      parcels: operatorMay(operator, 'shipping.read') ? await parcelsOf(app, params.id, bought.purchases) : null,
    };
  });

  r.handle(apiRoutes.adminMembersSuspend, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    return { suspended: await setSuspended(app.db, payload.user_id, payload.suspended, payload.reason, actor) };
  });

  // Support unlinks a member's LINE account; a LINE-only member only with a reset mail (decision 062).
  r.handle(apiRoutes.adminMembersLineUnlink, async ({ app, actor, payload }) => {
    const done = await unlinkLineForSupport(app.db, app.notifier.mail, {
      userId: payload.user_id,
      reason: payload.reason,
      sendReset: payload.send_reset,
      origin: publicUrl(app.config),
      actor,
      now: app.clock(),
    });
    return { reset_mail: done.resetMail };
  });

  r.handle(apiRoutes.adminMembersNote, async ({ app, actor, payload }) => {
    if (!(await memberForConsole(app.db, payload.user_id))) throw AppError.field('user_id', 'common.not_found');
    return { note: await addMemberNote(app.db, payload.user_id, payload.body, actor) };
  });
}
