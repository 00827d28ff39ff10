import type { LoginBonus } from '@oripa/contract/bonuses';
import type { Db } from '../../db/client.ts';
import { jstDateKey } from '../../lib/time.ts';
import { pointSettings } from '../settings/settings.service.ts';
import { creditPoints } from '../wallet/wallet.service.ts';

/** The ledger's key of a member's login bonus of a Japan-time day: at most one credit each. */
export function loginBonusKey(userId: number, day: string): string {
  return `login_bonus:${userId}:${day}`;
}

/**
 * POST /user/login_bonus: the first visit of a Japan-time day credits the operator's amount as
 * free points (decision 055). The credit is keyed by member and day in the point ledger's
 * unique idempotency key, so parallel first visits (tabs, instances) credit once: the others
 * wait for the first to commit and find the key used. Nothing while the operator has it off.
 */
export async function claimLoginBonus(db: Db, userId: number, now = new Date()): Promise<LoginBonus> {
  const day = jstDateKey(now);
  const settings = await pointSettings(db);
  const nothing = { credited: false, point: 0, day, expires: '' };
  if (!settings.login_bonus_enabled) return nothing;
  const result = await db.transaction((tx) =>
    creditPoints(tx, {
      userId,
      amount: settings.login_bonus_points,
      reason: 'login_bonus',
      ref: `login_bonus:${day}`,
      memo: `ログインボーナス（${day}）`,
      idempotencyKey: loginBonusKey(userId, day),
      now,
    }),
  );
  if (!result.applied) return nothing;
  return { credited: true, point: settings.login_bonus_points, day, expires: result.expires?.toISOString() ?? '' };
}
