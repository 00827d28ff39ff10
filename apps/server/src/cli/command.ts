import type { Fairness } from '../modules/transparency/fairness.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MaintenanceSwitch } from '../http/maintenance.ts';

/** Parsed command line: `name positional… --flag value --switch`. */
export interface OpsArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

export interface OpsContext {
  database: Database;
  config: Config;
  /** Present when the command runs inside the serving process. */
  maintenance?: MaintenanceSwitch;
  /** The serving process's fairness keys and beacon; a local run builds them from config. */
  fairness?: Fairness;
}

/** What a command returns: a line for people and data for `--json`. */
export interface OpsResult {
  message: string;
  data: Record<string, unknown>;
}

/**
 * An operator command. To add one: write `commands/<name>.ts` exporting an OpsCommand and list
 * it in `registry.ts`. It then works from `npm run ops -- <name>`, through the running server
 * or directly on the database, with `--json` for free.
 */
export interface OpsCommand {
  name: string;
  summary: string;
  usage: string;
  run(ctx: OpsContext, args: OpsArgs): Promise<OpsResult>;
}

/** A mistake of the operator's (bad arguments, unknown ids): exit code 2 and the message. */
export class OpsError extends Error {
  override name = 'OpsError';
}

export function parseArgs(argv: string[]): { command: string | undefined; args: OpsArgs; json: boolean } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i] as string;
    if (token === '--json') {
      json = true;
    } else if (token.startsWith('--')) {
      const eq = token.indexOf('=');
      if (eq > 0) {
        flags[token.slice(2, eq)] = token.slice(eq + 1);
      } else {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          flags[token.slice(2)] = next;
          i += 1;
        } else {
          flags[token.slice(2)] = true;
        }
      }
    } else {
      positional.push(token);
    }
  }
  const [command, ...rest] = positional;
  return { command, args: { positional: rest, flags }, json };
}

/** A flag's string value, or an OpsError naming the flag when it is required and missing. */
export function flagValue(args: OpsArgs, name: string, required: true): string;
export function flagValue(args: OpsArgs, name: string, required?: false): string | undefined;
export function flagValue(args: OpsArgs, name: string, required = false): string | undefined {
  const value = args.flags[name];
  if (value === true) throw new OpsError(`--${name} needs a value`);
  if (value === undefined && required) throw new OpsError(`--${name} is required`);
  return value;
}
