import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();
const from = new Date(Date.now() - 3_600_000).toISOString();
const to = new Date(Date.now() + 86_400_000).toISOString();

describe('ops coupon', () => {
  it('creates, pauses, resumes and lists a code, audited as the command line', async () => {
    const made = await runCommand(ctx, ['coupon', 'create', '--code', 'cli-code1', '--points', '50', '--budget', '500', '--from', from, '--to', to, '--per-member', '2']);
    expect(made.ok).toBe(true);
    expect(made.message).toMatch(/^Created coupon #\d+ CLICODE1: 50 points, budget 500, active\.$/);
    const id = String((made.data as { coupon: { id: number } }).coupon.id);
    expect((await runCommand(ctx, ['coupon', 'pause', '--id', id])).message).toBe(`Coupon #${id} CLICODE1 is paused.`);
    expect((await runCommand(ctx, ['coupon', 'resume', '--id', id])).message).toBe(`Coupon #${id} CLICODE1 is active.`);
    expect((await runCommand(ctx, ['coupon', 'list'])).message).toContain('CLICODE1 50pt active uses 0, members 0, budget left 500/500');
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.target, `coupon:${id}`));
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      ['cli', 'coupons.create'],
      ['cli', 'coupons.pause'],
      ['cli', 'coupons.resume'],
    ]);
  });

  it('refuses bad flags and a taken code, naming them', async () => {
    const early = await runCommand(ctx, ['coupon', 'create', '--code', 'EARLY1', '--points', '5', '--budget', '50', '--from', to, '--to', from]);
    expect(early.ok).toBe(false);
    expect(early.message).toMatch(/^--to: The end must be after the start\.\n/);
    await runCommand(ctx, ['coupon', 'create', '--code', 'TWICE1', '--points', '5', '--budget', '50', '--from', from, '--to', to]);
    const taken = await runCommand(ctx, ['coupon', 'create', '--code', 'TWICE1', '--points', '5', '--budget', '50', '--from', from, '--to', to]);
    expect(taken.ok).toBe(false);
    expect(taken.message).toMatch(/^code: This code already exists\.\n/);
    expect((await runCommand(ctx, ['coupon', 'explode'])).ok).toBe(false);
  });

  it('generates a batch of single-use codes and writes their CSV file', async () => {
    const out = join(tmpdir(), `coupons-${process.pid}-${Date.now()}.csv`);
    const batch = await runCommand(ctx, ['coupon', 'batch', '--count', '5', '--points', '20', '--prefix', 'ev', '--from', from, '--to', to, '--out', out]);
    expect(batch.ok).toBe(true);
    const text = (await readFile(out, 'utf8')).replace(/^\uFEFF/, '');
    await rm(out);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain('"種類","内容"');
    expect(lines.slice(1).every((l) => /^"EV[A-Z2-9]{10}","","ポイント付与","20pt",/.test(l))).toBe(true);
  });

  it('creates course discount codes (decision 061): a percentage or yen off, with a budget in yen', async () => {
    const pct = await runCommand(ctx, ['coupon', 'create', '--code', 'CLIPCT10', '--kind', 'percent_off', '--percent', '10', '--budget', '50000', '--from', from, '--to', to]);
    expect(pct.message).toMatch(/^Created coupon #\d+ CLIPCT10: 10% off a point course, budget ¥50000, active\.$/);
    const yen = await runCommand(ctx, ['coupon', 'create', '--code', 'CLIYEN500', '--kind', 'yen_off', '--yen', '500', '--budget', '5000', '--from', from, '--to', to]);
    expect(yen.ok).toBe(true);
    expect((await runCommand(ctx, ['coupon', 'list'])).message).toContain('CLIYEN500 ¥500 off active uses 0, members 0, budget left ¥5000/¥5000');
    const missing = await runCommand(ctx, ['coupon', 'create', '--code', 'CLINOPCT', '--kind', 'percent_off', '--budget', '5000', '--from', from, '--to', to]);
    expect(missing.message).toMatch(/^--percent: Enter a discount of 1 to 99%\.\n/);
    const bad = await runCommand(ctx, ['coupon', 'create', '--code', 'CLIBAD', '--kind', 'gift', '--points', '5', '--budget', '50', '--from', from, '--to', to]);
    expect(bad.message).toMatch(/^--kind: /);
    const batch = await runCommand(ctx, ['coupon', 'batch', '--count', '3', '--kind', 'yen_off', '--yen', '300', '--from', from, '--to', to]);
    expect(batch.ok).toBe(true);
  });
});
