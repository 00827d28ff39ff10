import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { winsMinRarity } from '../../modules/settings/settings.service.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

describe('ops wins:threshold', () => {
  it('shows the default, sets a new threshold and writes the change to the audit log', async () => {
    const shown = await runCommand(ctx, ['wins:threshold']);
    expect(shown.data).toEqual({ rarity: 5 });

    const set = await runCommand(ctx, ['wins:threshold', '6']);
    expect(set).toMatchObject({ ok: true, data: { rarity: 6, before: 5 } });
    expect(await winsMinRarity(ctx.database.db)).toBe(6);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.wins_min_rarity'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actor: 'cli', before: 5, after: 6 });
  });

  it('refuses a rarity outside 1-7 and changes nothing', async () => {
    for (const bad of ['0', '8', '5.5', 'x']) {
      const out = await runCommand(ctx, ['wins:threshold', bad]);
      expect(out.ok).toBe(false);
    }
    expect(await winsMinRarity(ctx.database.db)).toBe(6);
  });
});
