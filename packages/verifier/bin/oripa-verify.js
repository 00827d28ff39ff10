#!/usr/bin/env node
// @ts-check
import { readFileSync } from 'node:fs';
import { describeReport } from '../src/report.js';
import { verifyLot } from '../src/verify-lot.js';

/**
 * oripa-verify MIRROR.json --lot ID [--earlier-head HEAD.json] [--receipt RECEIPT.json]
 * Exit code 0 when the lot is consistent, 1 with the failure named, 2 when the arguments or
 * files are unusable.
 */
const USAGE = 'usage: oripa-verify MIRROR.json --lot ID [--earlier-head HEAD.json] [--receipt RECEIPT.json] [--json]';

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ mirror?: string, lot?: number, earlierHead?: string, receipt?: string, json: boolean }} */
  const out = { json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = /** @type {string} */ (argv[i]);
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[(i += 1)];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    if (flag === '--lot') {
      const v = value();
      if (!/^[1-9][0-9]{0,14}$/.test(v)) throw new Error(`--lot ${v}: a lot id is a positive integer`);
      out.lot = Number(v);
    } else if (flag === '--earlier-head') out.earlierHead = value();
    else if (flag === '--receipt') out.receipt = value();
    else if (flag === '--json') out.json = true;
    else if (flag === '--help' || flag === '-h') throw new Error(USAGE);
    else if (!flag?.startsWith('--') && out.mirror === undefined) out.mirror = flag;
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (!out.mirror || out.lot === undefined) throw new Error(USAGE);
  return /** @type {{ mirror: string, lot: number, earlierHead?: string, receipt?: string, json: boolean }} */ (out);
}

/** @param {string} path @param {string} what */
function readJson(path, what) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the ${what} ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`the ${what} ${path} is not JSON`, { cause: error });
  }
}

/** @param {string[]} argv @returns {number} the exit code */
function main(argv) {
  let args;
  let mirror;
  /** @type {import('../src/verify-lot.js').VerifyOptions} */
  const options = {};
  try {
    args = parseArgs(argv);
    mirror = readJson(args.mirror, 'mirror');
    if (args.earlierHead) options.earlierHead = readJson(args.earlierHead, 'earlier head');
    if (args.receipt) options.receipt = readJson(args.receipt, 'receipt');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const report = verifyLot(mirror, args.lot, options);
  process.stdout.write(`${args.json ? JSON.stringify(report, null, 2) : describeReport(report)}\n`);
  return report.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
