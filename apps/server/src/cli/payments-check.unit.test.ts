import { describe, expect, it } from 'vitest';
import { CheckUsageError, checkableProviders, loadCheck, parseCheckArgs, runChecked } from './payments-check.ts';

describe('npm run payments:check', () => {
  it('reads --provider NAME and refuses anything else', () => {
    expect(parseCheckArgs(['--provider', 'sandbox'])).toEqual({ provider: 'sandbox' });
    expect(parseCheckArgs(['--provider=gmo'])).toEqual({ provider: 'gmo' });
    expect(() => parseCheckArgs([])).toThrow(CheckUsageError);
    expect(() => parseCheckArgs(['--provider', '../etc'])).toThrow(CheckUsageError);
    expect(() => parseCheckArgs(['sandbox'])).toThrow(CheckUsageError);
  });

  it('says which providers have a check when one has none', async () => {
    expect(checkableProviders()).toContain('sandbox');
    await expect(loadCheck('nowhere')).rejects.toThrow(/has no live check \(checks exist for: .*sandbox/);
  });

  it('prints each step and fails with the check’s message (missing credentials)', async () => {
    const lines: string[] = [];
    const ok = await runChecked(
      async (step, env) => {
        await step('read the credentials', async () => {
          if (!env.SHOP_ID) throw new Error('needs SHOP_ID');
        });
      },
      {},
      (line) => lines.push(line),
    );
    expect(ok).toBe(false);
    expect(lines).toEqual(['1. read the credentials …', '   failed: needs SHOP_ID']);
  });
});
