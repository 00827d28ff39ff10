import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSoldOutLot, LOT_ID } from './support/sold-out-lot.ts';

const run = promisify(execFile);
const bin = new URL('../bin/oripa-verify.js', import.meta.url).pathname;
const vectors = new URL('../test-vectors/', import.meta.url).pathname;
const dir = mkdtempSync(path.join(tmpdir(), 'oripa-verify-'));

/** The CLI as a member runs it: plain node, no TypeScript loader. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args]);
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

// Each case starts node processes: seconds apiece on a busy machine.
describe('oripa-verify MIRROR.json --lot ID [--earlier-head HEAD.json]', { timeout: 60_000 }, () => {
  it('exits 0 on the sample lot with its earlier head and receipt', async () => {
    const result = await cli([`${vectors}mirror-lot-12.json`, '--lot', '12', '--earlier-head', `${vectors}mirror-lot-12-earlier-head.json`, '--receipt', `${vectors}mirror-lot-12-receipt.json`]);
    expect(result.out).toMatch(/^consistent \(lot 12\)/);
    expect(result.out).toContain('drand quicknet');
    expect(result.code).toBe(0);
  });

  it('exits 1 naming a changed image and a rewritten history', async () => {
    const mirror = JSON.parse(readFileSync(`${vectors}mirror-lot-12.json`, 'utf8')) as { images: Record<string, string> };
    const [hash] = Object.keys(mirror.images);
    mirror.images[hash as string] = Buffer.from('replaced').toString('base64');
    writeFileSync(path.join(dir, 'image.json'), JSON.stringify(mirror));
    const image = await cli([path.join(dir, 'image.json'), '--lot=12']);
    expect(image.code).toBe(1);
    expect(image.out).toContain('image changed');

    const honest = buildSoldOutLot({ beacon: 'local' });
    const rewritten = buildSoldOutLot({ beacon: 'local', keyOf: honest.log });
    writeFileSync(path.join(dir, 'rewritten.json'), JSON.stringify(rewritten.mirror));
    writeFileSync(path.join(dir, 'head.json'), JSON.stringify(honest.log.heads[1]));
    const rewrite = await cli([path.join(dir, 'rewritten.json'), '--lot', String(LOT_ID), '--earlier-head', path.join(dir, 'head.json')]);
    expect(rewrite.code).toBe(1);
    expect(rewrite.out).toContain('history rewritten');
  });

  it('exits 2 on unusable arguments or files', async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli([`${vectors}mirror-lot-12.json`, '--lot', 'abc'])).code).toBe(2);
    expect((await cli([path.join(dir, 'absent.json'), '--lot', '1'])).code).toBe(2);
    writeFileSync(path.join(dir, 'broken.json'), '{');
    expect((await cli([path.join(dir, 'broken.json'), '--lot', '1'])).out).toContain('not JSON');
  });
});
