import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { parseArgs } from './command.ts';
import { isProcessAlive, readEndpointFile } from './ops-endpoint.ts';
import { helpOutcome, runCommand, type CommandOutcome } from './run-command.ts';

/**
 * `npm run ops -- <command> [args] [--json]`: on PostgreSQL directly on the database (any number
 * of shop instances may run: every command works in transactions, and a maintenance switch
 * reaches every instance through NOTIFY); on PGlite, which allows one process, inside the
 * running server when there is one, otherwise directly on the database.
 */
async function main(argv: string[]): Promise<number> {
  const { command, json } = parseArgs(argv);
  const config = loadConfig();
  const outcome =
    command === undefined || command === 'help'
      ? helpOutcome()
      : config.DATABASE_URL
        ? await runLocally(argv, config)
        : ((await runThroughServer(argv, config)) ?? (await runLocally(argv, config)));
  print(outcome, json);
  return outcome.exitCode;
}

async function runThroughServer(argv: string[], config: Config): Promise<CommandOutcome | undefined> {
  const endpoint = readEndpointFile(config.DATA_DIR);
  if (!endpoint) return undefined;
  try {
    const response = await fetch(`http://127.0.0.1:${endpoint.port}/api/_ops/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': endpoint.token },
      body: JSON.stringify({ argv }),
    });
    if (response.status === 401) return undefined; // a stale file from an earlier server
    return (await response.json()) as CommandOutcome;
  } catch {
    // PGlite allows one process per data folder: never open it under a live server.
    if (!config.DATABASE_URL && isProcessAlive(endpoint.pid)) {
      const message = `The shop server (pid ${endpoint.pid}) holds the database but its operator endpoint did not answer on port ${endpoint.port}. Retry, or stop the server and run the command again.`;
      return { ok: false, exitCode: 1, message, data: { error: message } };
    }
    return undefined; // no server listening: open the database ourselves
  }
}


/** Commands that may start a shop's embedded database where there is none. */
const CREATES_DATABASE = new Set(['migrate', 'seed']);

/**
 * The embedded database of DATA_DIR must exist for anything but creating one: opening a folder
 * that has none would quietly make an empty shop there and answer from it (every member
 * unknown, every list empty), which reads as if the shop had lost its data.
 */
function missingDatabase(argv: string[], config: Config): CommandOutcome | undefined {
  if (config.DATABASE_URL) return undefined;
  const { command } = parseArgs(argv);
  if (command !== undefined && CREATES_DATABASE.has(command)) return undefined;
  const folder = path.resolve(config.DATA_DIR, 'pglite');
  if (fs.existsSync(path.join(folder, 'PG_VERSION'))) return undefined;
  const message =
    `No shop database at ${folder}. Run the command where the shop keeps its data, or set DATA_DIR to ` +
    `that folder (or DATABASE_URL for PostgreSQL); \`npm run db:migrate\` creates an empty one.`;
  return { ok: false, exitCode: 2, message, data: { error: message } };
}

async function runLocally(argv: string[], config: Config): Promise<CommandOutcome> {
  const missing = missingDatabase(argv, config);
  if (missing) return missing;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await database.migrate();
    return await runCommand({ database, config }, argv);
  } finally {
    await database.close();
  }
}

function print(outcome: CommandOutcome, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify({ ok: outcome.ok, ...outcome.data })}\n`);
  } else if (outcome.ok) {
    process.stdout.write(`${outcome.message}\n`);
  } else {
    process.stderr.write(`${outcome.message}\n`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
