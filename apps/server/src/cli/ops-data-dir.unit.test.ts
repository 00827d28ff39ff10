import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

/** `npm run ops` as an operator types it, in a folder of their choice, without DATABASE_URL. */
async function ops(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ops.ts', ...args], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run ops on the embedded database', () => {
  it('refuses a folder with no shop database instead of quietly creating an empty shop there', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-ops-')), 'data');
    const refused = await ops(dataDir, 'maintenance', 'status');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`No shop database at ${path.join(dataDir, 'pglite')}`);
    expect(refused.stderr).toContain('DATA_DIR');
    expect(fs.existsSync(dataDir)).toBe(false);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }, 60_000);
});
