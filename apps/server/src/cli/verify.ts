import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { describeReport, verifyLot } from '@oripa/verifier';

/**
 * `npm run verify -- PACK_ID [--base-url URL] [--earlier-head HEAD.json]`: downloads the lot's
 * mirror from the shop (GET /api/transparency/mirror?lot_id=) and checks it with the standalone
 * verifier (packages/verifier, decision 028), which trusts nothing the shop says beyond its
 * signatures. Exit code 0 consistent, 1 not consistent (the failure named), 2 unusable arguments
 * or answer.
 */

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export class VerifyUsageError extends Error {}

export interface VerifyArgs {
  packId: number;
  baseUrl: string;
  earlierHead: string | null;
}

/** Downloads the mirror of one lot and verifies it. */
export async function verifyFromShop(args: VerifyArgs, fetchJson: Fetch = fetch) {
  const url = `${args.baseUrl.replace(/\/+$/, '')}/api/transparency/mirror?lot_id=${args.packId}`;
  const response = await fetchJson(url).catch((error: unknown) => {
    throw new VerifyUsageError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!response.ok) throw new VerifyUsageError(`${url} answered HTTP ${response.status}`);
  const mirror = await response.json().catch(() => {
    throw new VerifyUsageError(`${url} did not answer JSON`);
  });
  const options: { earlierHead?: unknown } = {};
  if (args.earlierHead) {
    const text = await readFile(args.earlierHead, 'utf8').catch(() => {
      throw new VerifyUsageError(`cannot read the earlier head ${args.earlierHead}`);
    });
    try {
      options.earlierHead = JSON.parse(text);
    } catch {
      throw new VerifyUsageError(`the earlier head ${args.earlierHead} is not JSON`);
    }
  }
  const report = verifyLot(mirror, args.packId, options);
  return { report, text: describeReport(report) };
}

export function parseVerifyArgs(argv: readonly string[]): VerifyArgs {
  let baseUrl = 'http://localhost:3000';
  let earlierHead: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    if (flag === '--base-url' || flag === '--earlier-head') {
      const value = inline ?? argv[(i += 1)];
      if (!value) throw new VerifyUsageError(`${flag} needs a value`);
      if (flag === '--base-url') baseUrl = value;
      else earlierHead = value;
    } else rest.push(arg);
  }
  if (rest.length !== 1 || !/^[1-9][0-9]{0,9}$/.test(rest[0] as string)) {
    throw new VerifyUsageError('usage: npm run verify -- PACK_ID [--base-url URL] [--earlier-head HEAD.json]');
  }
  if (!/^https?:\/\//.test(baseUrl)) throw new VerifyUsageError(`--base-url ${baseUrl}: an http:// or https:// address`);
  return { packId: Number(rest[0]), baseUrl, earlierHead };
}

async function main(argv: string[]): Promise<number> {
  try {
    const { report, text } = await verifyFromShop(parseVerifyArgs(argv));
    process.stdout.write(`${text}\n`);
    return report.ok ? 0 : 1;
  } catch (error) {
    const text = error instanceof VerifyUsageError ? error.message : `verify failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${text}\n`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
