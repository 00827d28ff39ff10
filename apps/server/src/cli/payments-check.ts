import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run payments:check -- --provider NAME`: the operator's live check of a payment provider
 * (decision 031). It loads cli/payments-check/<NAME>.ts, whose `runCheck` makes one ¥100 test
 * payment on the provider's test environment with the operator's test credentials (from the
 * environment) and cancels it, and prints each step as it goes. It needs the network and the
 * provider's test credentials; without them the check fails with a message naming what is
 * missing. Exit code 0 every step passed, 1 a step failed, 2 unusable arguments.
 */

export type Step = (label: string, fn: () => Promise<unknown>) => Promise<void>;
export type RunCheck = (step: Step, env: NodeJS.ProcessEnv) => Promise<void>;

export class CheckUsageError extends Error {}

const CHECKS_DIR = path.resolve(import.meta.dirname, 'payments-check');

/** Providers that have a live check: one file each under cli/payments-check/. */
export function checkableProviders(dir = CHECKS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^[a-z][a-z0-9-]*\.ts$/.test(f) && !f.includes('.test.'))
    .map((f) => f.slice(0, -3))
    .sort();
}

export function parseCheckArgs(argv: readonly string[]): { provider: string } {
  let provider: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--provider') provider = argv[++i];
    else if (arg.startsWith('--provider=')) provider = arg.slice('--provider='.length);
    else throw new CheckUsageError(`unknown argument ${arg}; usage: npm run payments:check -- --provider NAME`);
  }
  if (!provider) throw new CheckUsageError('usage: npm run payments:check -- --provider NAME');
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(provider)) throw new CheckUsageError(`--provider ${provider}: a provider name such as gmo`);
  return { provider };
}

/** Loads the provider's check, or says which providers have one. */
export async function loadCheck(provider: string, dir = CHECKS_DIR): Promise<RunCheck> {
  const file = path.join(dir, `${provider}.ts`);
  if (!fs.existsSync(file)) {
    throw new CheckUsageError(`payment provider "${provider}" has no live check (checks exist for: ${checkableProviders(dir).join(', ') || 'none'})`);
  }
  const loaded = (await import(pathToFileURL(file).href)) as { runCheck?: unknown };
  if (typeof loaded.runCheck !== 'function') throw new CheckUsageError(`${path.basename(file)} exports no runCheck`);
  return loaded.runCheck as RunCheck;
}

/** Runs a check, printing each step and its time; answers whether every step passed. */
export async function runChecked(runCheck: RunCheck, env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<boolean> {
  let number = 0;
  const step: Step = async (label, fn) => {
    number += 1;
    const started = Date.now();
    print(`${number}. ${label} …`);
    await fn();
    print(`   ok (${Date.now() - started} ms)`);
  };
  try {
    await runCheck(step, env);
    print('payments:check passed');
    return true;
  } catch (error) {
    print(`   failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const { provider } = parseCheckArgs(argv);
    const runCheck = await loadCheck(provider);
    const print = (line: string) => void process.stdout.write(`${line}\n`);
    print(`payments:check ${provider}: one ¥100 test payment, then its cancellation`);
    return (await runChecked(runCheck, process.env, print)) ? 0 : 1;
  } catch (error) {
    if (error instanceof CheckUsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
