import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();
const from = new Date(Date.now() - 3_600_000).toISOString();
const to = new Date(Date.now() + 86_400_000).toISOString();

describe('ops campaign', () => {
  it('creates, pauses, resumes and lists a campaign, audited as the command line', async () => {
    const made = await runCommand(ctx, ['campaign', 'create', '--kind', 'point_bonus', '--name', 'CLI増量', '--percent', '5', '--budget', '1000', '--from', from, '--to', to]);
    expect(made.ok, made.message).toBe(true);
    expect(made.message).toMatch(/^Created campaign #\d+ "CLI増量" \(point_bonus\), budget 1000\.00, active\.$/);
    const id = String((made.data as { campaign: { id: number } }).campaign.id);
    expect((await runCommand(ctx, ['campaign', 'pause', '--id', id])).message).toBe(`Campaign #${id} "CLI増量" is paused.`);
    expect((await runCommand(ctx, ['campaign', 'resume', '--id', id])).message).toBe(`Campaign #${id} "CLI増量" is active.`);
    expect((await runCommand(ctx, ['campaign', 'list'])).message).toContain(`#${id} point_bonus +5% "CLI増量" active`);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.target, `campaign:${id}`));
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      ['cli', 'campaigns.create'],
      ['cli', 'campaigns.pause'],
      ['cli', 'campaigns.resume'],
    ]);
  });

  it('refuses bad flags, a percent over 20 and an overlapping period, naming them', async () => {
    const over = await runCommand(ctx, ['campaign', 'create', '--kind', 'point_bonus', '--name', 'x', '--percent', '25', '--budget', '10', '--from', from, '--to', to]);
    expect(over.ok).toBe(false);
    expect(over.message).toMatch(/^--percent: Enter an extra of 1 to 20 %/);
    const overlap = await runCommand(ctx, ['campaign', 'create', '--kind', 'point_bonus', '--name', 'y', '--percent', '3', '--budget', '10', '--from', from, '--to', to]);
    expect(overlap.ok).toBe(false);
    expect(overlap.message).toMatch(/^starts_at: The period overlaps campaign "CLI増量"/);
    expect((await runCommand(ctx, ['campaign', 'explode'])).ok).toBe(false);
  });
});
