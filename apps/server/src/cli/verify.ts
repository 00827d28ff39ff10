import { pathToFileURL } from 'node:url';
import { verifyLot, type VerifyOutcome } from '@oripa/contract/lot-verify';
import type { DrawLog, DrawLogEntry, PackTrust } from '@oripa/contract/trust';

/**
 * `npm run verify -- PACK_ID [--base-url URL]`: recomputes a revealed lot from the shop's public
 * API only (no database, no secret) and prints "consistent" or the first draw that does not
 * match (decision 014). Exit code 0 consistent, 1 not consistent, 2 unusable arguments or API.
 */

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export class VerifyUsageError extends Error {}

async function getJson<T>(fetchJson: Fetch, url: string): Promise<T> {
  const response = await fetchJson(url);
  const body = (await response.json().catch(() => null)) as ({ state?: number } & T) | null;
  if (!body || body.state !== 200) {
    throw new VerifyUsageError(`${url} answered ${body?.state ?? `HTTP ${response.status}`}`);
  }
  return body;
}

/** Reads the lot's commitment and every page of its draw log, then recomputes it. */
export async function verifyFromApi(
  packId: number,
  baseUrl: string,
  fetchJson: Fetch = fetch,
): Promise<{ outcome: VerifyOutcome; report: string }> {
  const api = `${baseUrl.replace(/\/+$/, '')}/api`;
  const { commitment } = await getJson<PackTrust>(fetchJson, `${api}/user/pack/trust/${packId}`);
  const draws: DrawLogEntry[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const log = await getJson<DrawLog>(fetchJson, `${api}/user/pack/draws/${packId}/${page}`);
    draws.push(...log.list);
    pages = log.page.all_page;
  }
  const outcome = await verifyLot(commitment, draws);
  return { outcome, report: describe(packId, outcome) };
}

export function describe(packId: number, outcome: VerifyOutcome): string {
  if (outcome.consistent)
    return `consistent (pack ${packId}: ${outcome.draws} draws recomputed from the revealed seed)`;
  switch (outcome.problem) {
    case 'not_revealed':
      return `not verifiable yet: pack ${packId}'s seed is revealed when the lot sells out or its sale ends`;
    case 'seed_hash':
      return `inconsistent: the revealed seed hashes to ${outcome.found}, not the commitment ${outcome.expected}`;
    case 'lineup':
      return `inconsistent: the commitment names ${outcome.expected} but its lineup holds ${outcome.found}`;
    default:
      return `inconsistent at draw ${outcome.draw_number}: expected ${outcome.expected}, the draw log shows ${outcome.found}`;
  }
}

export function parseVerifyArgs(argv: readonly string[]): { packId: number; baseUrl: string } {
  let baseUrl = 'http://localhost:3000';
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--base-url') {
      const value = argv[i + 1];
      if (!value) throw new VerifyUsageError('--base-url needs a URL');
      baseUrl = value;
      i += 1;
    } else if (arg.startsWith('--base-url=')) baseUrl = arg.slice('--base-url='.length);
    else rest.push(arg);
  }
  if (rest.length !== 1 || !/^[1-9][0-9]{0,9}$/.test(rest[0] as string)) {
    throw new VerifyUsageError('usage: npm run verify -- PACK_ID [--base-url URL]');
  }
  if (!/^https?:\/\//.test(baseUrl))
    throw new VerifyUsageError(`--base-url ${baseUrl}: an http:// or https:// address`);
  return { packId: Number(rest[0]), baseUrl };
}

async function main(argv: string[]): Promise<number> {
  try {
    const { packId, baseUrl } = parseVerifyArgs(argv);
    const { outcome, report } = await verifyFromApi(packId, baseUrl);
    process.stdout.write(`${report}\n`);
    return outcome.consistent ? 0 : 1;
  } catch (error) {
    const text =
      error instanceof VerifyUsageError
        ? error.message
        : `verify failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${text}\n`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
