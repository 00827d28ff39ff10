import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const vector = (name: string) => readFileSync(path.join(root, 'packages/verifier/test-vectors', name), 'utf8');
const honest = vector('mirror-lot-12.json');
const tampered = (() => {
  const mirror = JSON.parse(honest) as { images: Record<string, string> };
  for (const hash of Object.keys(mirror.images)) mirror.images[hash] = Buffer.from('another picture').toString('base64');
  return JSON.stringify(mirror);
})();

// A stand-in for the shop's mirror endpoint (spec §4): lot 12 as logged, and under /tampered the
// same lot with its images replaced.
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const endpoint = url.pathname.replace(/^\/tampered/, '') === '/api/transparency/mirror';
    const mirror = url.pathname.startsWith('/tampered') ? tampered : honest;
    const body = endpoint && url.searchParams.get('lot_id') === '12' ? mirror : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(body ?? '{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function verifyCli(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/verify.ts', ...args], { cwd: root });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}`.trim() };
  }
}

describe('npm run verify -- PACK_ID', () => {
  it("downloads the lot's mirror and reports it consistent, also against an earlier head", async () => {
    const head = path.join(root, 'packages/verifier/test-vectors/mirror-lot-12-earlier-head.json');
    const result = await verifyCli(['12', '--base-url', baseUrl, '--earlier-head', head]);
    expect(result.out).toMatch(/^consistent \(lot 12\)/);
    expect(result.code).toBe(0);
  }, 30_000);

  it('exits 1 naming the failure, and 2 when the shop has no mirror of the lot', async () => {
    const bad = await verifyCli(['12', `--base-url=${baseUrl}/tampered`]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^INCONSISTENT \(lot 12\): image changed/);
    const missing = await verifyCli(['99', '--base-url', baseUrl]);
    expect(missing).toEqual({ code: 2, out: `${baseUrl}/api/transparency/mirror?lot_id=99 answered HTTP 404` });
  }, 30_000);

  it('refuses unusable arguments', async () => {
    expect((await verifyCli(['abc'])).code).toBe(2);
    expect((await verifyCli(['12', '--base-url', 'ftp://x'])).code).toBe(2);
  }, 30_000);
});
