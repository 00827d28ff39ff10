import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { isMaintenance } from '../../modules/settings/settings.service.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

describe('ops maintenance', () => {
  it('switches maintenance on and off, each switch audited like the console (actor cli)', async () => {
    expect((await runCommand(ctx, ['maintenance', 'on'])).ok).toBe(true);
    expect(await isMaintenance(ctx.database.db)).toBe(true);
    expect((await runCommand(ctx, ['maintenance', 'off'])).ok).toBe(true);
    expect(await isMaintenance(ctx.database.db)).toBe(false);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'maintenance.set')).orderBy(auditLog.id);
    expect(entries.map((e) => [e.actor, e.before, e.after])).toEqual([
      ['cli', { maintenance: false }, { maintenance: true }],
      ['cli', { maintenance: true }, { maintenance: false }],
    ]);
  });

  it('says the state without changing or auditing anything, and refuses other words', async () => {
    expect((await runCommand(ctx, ['maintenance', 'status'])).message).toBe('Maintenance is off.');
    const refused = await runCommand(ctx, ['maintenance', 'sometimes']);
    expect(refused.ok).toBe(false);
    const before = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'maintenance.set'))).length;
    await runCommand(ctx, ['maintenance', 'status']);
    expect((await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'maintenance.set'))).length).toBe(before);
  });
});
