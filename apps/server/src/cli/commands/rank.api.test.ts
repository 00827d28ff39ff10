import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { ensureReferenceData } from '../../db/seed/reference-data.ts';
import { testMail } from '../../testing/accounts.ts';
import { createTestMember } from '../../testing/members.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { changeMonthlyRanks } from '../../modules/ranks/ranks.service.ts';
import type { OpsContext } from '../command.ts';
import { runCommand } from '../run-command.ts';

let database: TestDatabase;
let ctx: OpsContext;

beforeAll(async () => {
  database = await openTestDatabase();
  // The demo rank table (bronze … diamond).
  await ensureReferenceData(database.db);
  ctx = { database, config: testConfig() };
});

afterAll(async () => {
  await database?.drop();
});

async function rankOf(userId: number): Promise<string | null> {
  const [row] = await queryRows<{ code: string | null }>(
    database.db,
    sql`select r.code from users u left join ranks r on r.id = u.rank_id where u.id = ${userId}`,
  );
  return row?.code ?? null;
}

describe('ops rank:set', () => {
  it("survives the month's first sweep when it came before it: the month's change is applied first", async () => {
    // First in this file: a month no sweep has reached yet (this database's first): without applying the month's
    // change first, the sweep would put the member back at what last month's spend earned.
    const mail = testMail('before-sweep');
    const userId = await createTestMember(database.db, { mail });
    const out = await runCommand(ctx, ['rank:set', '--mail', mail, '--rank', 'silver', '--reason', 'support ticket 43']);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    expect(await changeMonthlyRanks(database.db, new Date())).toBe(0);
    expect(await rankOf(userId)).toBe('silver');
  });

  it("sets the member's current rank and writes it, with the reason, to the audit log", async () => {
    const mail = testMail('ranked');
    const userId = await createTestMember(database.db, { mail });
    await changeMonthlyRanks(database.db, new Date()); // the month's own change is not part of this
    const before = await rankOf(userId);
    const out = await runCommand(ctx, ['rank:set', '--mail', mail, '--rank', 'gold', '--reason', 'support ticket 42']);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    expect(out.data).toMatchObject({ userId, before, after: 'gold', reason: 'support ticket 42' });
    expect(await rankOf(userId)).toBe('gold');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.target, `member:${userId}`));
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'cli',
        action: 'member.rank',
        before: { rank: before },
        after: { rank: 'gold', reason: 'support ticket 42' },
      }),
    ]);
  });

  it('refuses an unknown rank, an unknown member and a missing reason (exit code 2), changing nothing', async () => {
    const mail = testMail('unranked');
    const userId = await createTestMember(database.db, { mail });
    const before = await rankOf(userId);
    const unknownRank = await runCommand(ctx, ['rank:set', '--mail', mail, '--rank', 'mythril', '--reason', 'x']);
    expect(unknownRank).toMatchObject({ ok: false, exitCode: 2 });
    expect(unknownRank.message).toContain('No rank has the code "mythril"');
    const unknownMember = await runCommand(ctx, ['rank:set', '--mail', testMail('nobody'), '--rank', 'gold', '--reason', 'x']);
    expect(unknownMember).toMatchObject({ ok: false, exitCode: 2 });
    const noReason = await runCommand(ctx, ['rank:set', '--mail', mail, '--rank', 'gold', '--reason', ' ']);
    expect(noReason).toMatchObject({ ok: false, exitCode: 2 });
    expect(await rankOf(userId)).toBe(before);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.target, `member:${userId}`))).toEqual([]);
  });

});
