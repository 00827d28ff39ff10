import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/admin.ts';
import { describe, expect, it } from 'vitest';
import { coinLedger, pointLedger } from '../../db/schema/wallet.ts';
import { users } from '../../db/schema/users.ts';
import { testMail } from '../../testing/accounts.ts';
import { createTestMember } from '../../testing/members.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

async function memberWithMail() {
  const mail = testMail('granted');
  const userId = await createTestMember(ctx.database.db, { mail });
  return { mail, userId };
}

async function balances(userId: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return { point: row?.pointBalance, coin: row?.coinBalance };
}

describe('ops grant', () => {
  it('grants points and coins through the ledgers, with the reason as memo', async () => {
    const m = await memberWithMail();
    const out = await runCommand(ctx, ['grant', '--mail', m.mail.toUpperCase(), '--points', '1500', '--coins', '12.50', '--reason', 'お詫び']);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    expect(out.message).toContain('Granted 1500 points and 12.50 coins');
    expect(out.data).toMatchObject({ userId: m.userId, points: 1500, coins: '12.50', applied: true, pointBalance: 1500, coinBalance: '12.50' });
    expect(await balances(m.userId)).toEqual({ point: 1500, coin: '12.50' });
    const points = await ctx.database.db.select().from(pointLedger).where(eq(pointLedger.userId, m.userId));
    expect(points.map((r) => [r.delta, r.reason, r.memo, r.balanceAfter])).toEqual([[1500, 'grant', 'お詫び', 1500]]);
    const coins = await ctx.database.db.select().from(coinLedger).where(eq(coinLedger.userId, m.userId));
    expect(coins.map((r) => [r.delta, r.reason, r.memo])).toEqual([['12.50', 'grant', 'お詫び']]);
  });

  it('audits each grant as the console audits an adjustment (actor cli), once per --key', async () => {
    const m = await memberWithMail();
    const argv = ['grant', '--mail', m.mail, '--points', '700', '--coins', '2.5', '--reason', '障害のお詫び', '--key', `audit-${m.userId}`];
    expect((await runCommand(ctx, argv)).data.applied).toBe(true);
    expect((await runCommand(ctx, argv)).data.applied).toBe(false);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${m.userId}`))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.actor, e.operatorId, e.action])).toEqual([
      ['cli', null, 'member.points.add'],
      ['cli', null, 'member.coins.add'],
    ]);
    expect(entries[0]?.after).toMatchObject({ amount: '700', reason: '障害のお詫び', balance: '700' });
    expect(entries[1]?.after).toMatchObject({ amount: '2.5', reason: '障害のお詫び', balance: '2.50' });
  });

  it('grants coins alone, and points alone', async () => {
    const m = await memberWithMail();
    expect((await runCommand(ctx, ['grant', '--mail', m.mail, '--coins', '3', '--reason', 'campaign'])).ok).toBe(true);
    expect((await runCommand(ctx, ['grant', '--mail', m.mail, '--points', '10', '--reason', 'campaign'])).ok).toBe(true);
    expect(await balances(m.userId)).toEqual({ point: 10, coin: '3.00' });
  });

  it('grants once per --key', async () => {
    const m = await memberWithMail();
    const argv = ['grant', '--mail', m.mail, '--points', '100', '--reason', 'retry-safe', '--key', `k-${m.userId}`];
    expect((await runCommand(ctx, argv)).data.applied).toBe(true);
    const again = await runCommand(ctx, argv);
    expect(again).toMatchObject({ ok: true, data: { applied: false } });
    expect(again.message).toContain('Nothing granted');
    expect(await balances(m.userId)).toMatchObject({ point: 100 });
  });

  it('refuses bad input with exit code 2 and a clear message, changing nothing', async () => {
    const m = await memberWithMail();
    const cases: [string[], string][] = [
      [['grant', '--points', '10', '--reason', 'x'], '--mail is required'],
      [['grant', '--mail', 'nobody@example.com', '--points', '10', '--reason', 'x'], 'No member has the address "nobody@example.com"'],
      [['grant', '--mail', m.mail, '--points', '0', '--reason', 'x'], '--points must be a whole number above 0'],
      [['grant', '--mail', m.mail, '--points', '-5', '--reason', 'x'], '--points must be a whole number above 0'],
      [['grant', '--mail', m.mail, '--points', '1.5', '--reason', 'x'], '--points must be a whole number above 0'],
      [['grant', '--mail', m.mail, '--points', '2000000000', '--reason', 'x'], '--points can be at most 1000000000'],
      [['grant', '--mail', m.mail, '--coins', '0', '--reason', 'x'], '--coins must be an amount above 0'],
      [['grant', '--mail', m.mail, '--coins', '1.234', '--reason', 'x'], '--coins must be an amount above 0'],
      [['grant', '--mail', m.mail, '--reason', 'x'], 'give --points, --coins or both'],
      [['grant', '--mail', m.mail, '--points', '10'], '--reason is required'],
      [['grant', '--mail', m.mail, '--points', '10', '--reason', '   '], '--reason must be 1 to 200 characters'],
    ];
    for (const [argv, text] of cases) {
      const out = await runCommand(ctx, argv);
      expect(out.exitCode, argv.join(' ')).toBe(2);
      expect(out.data.error, argv.join(' ')).toContain(text);
      expect(out.message).toContain('Usage: npm run ops -- grant --mail ADDRESS');
    }
    expect(await balances(m.userId)).toEqual({ point: 0, coin: '0.00' });
  });

  it('is listed in help', async () => {
    expect((await runCommand(ctx, ['help'])).message).toMatch(/grant --mail ADDRESS .* Give a member points/);
  });
});
