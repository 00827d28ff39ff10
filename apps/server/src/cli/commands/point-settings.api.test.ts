import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { pointSettings } from '../../modules/settings/settings.service.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

describe('ops point-settings', () => {
  it('shows the defaults, sets the login bonus and the free points’ lifetime, audited (actor cli)', async () => {
    expect((await runCommand(ctx, ['point-settings'])).message).toBe('Login bonus off; free points lapse 90 days after their grant.');
    const set = await runCommand(ctx, ['point-settings', 'set', '--login-bonus', 'on', '--login-bonus-points', '20', '--free-point-days', '60']);
    expect(set.message).toBe('Login bonus on, 20 points a Japan-time day; free points lapse 60 days after their grant.');
    expect(await pointSettings(ctx.database.db)).toEqual({ login_bonus_enabled: true, login_bonus_points: 20, free_point_days: 60 });
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'points.settings'));
    expect(entries.map((e) => [e.actor, e.after])).toEqual([['cli', { login_bonus_enabled: true, login_bonus_points: 20, free_point_days: 60 }]]);
  });

  it('refuses values out of range and other words, changing nothing', async () => {
    const before = await pointSettings(ctx.database.db);
    const refused = await runCommand(ctx, ['point-settings', 'set', '--free-point-days', '365']);
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('--free-point-days');
    expect((await runCommand(ctx, ['point-settings', 'set', '--login-bonus', 'maybe'])).ok).toBe(false);
    expect((await runCommand(ctx, ['point-settings', 'sometimes'])).ok).toBe(false);
    expect(await pointSettings(ctx.database.db)).toEqual(before);
  });
});
