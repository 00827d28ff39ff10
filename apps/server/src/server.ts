import { buildApp } from './app.ts';
import {
  isProcessAlive,
  readEndpointFile,
  removeEndpointFile,
  writeEndpointFile,
} from './cli/ops-endpoint.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureReferenceData } from './db/seed/reference-data.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { startSweeper } from './jobs/sweeper.ts';

const SWEEP_INTERVAL_MS = 60_000;

/** Process entry: configuration, database, migrations, demo data, then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const existing = readEndpointFile(config.DATA_DIR);
  if (!config.DATABASE_URL && existing && isProcessAlive(existing.pid) && existing.pid !== process.pid) {
    throw new Error(`Another shop server (pid ${existing.pid}) is using ${config.DATA_DIR}; PGlite allows one process per data folder.`);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  await ensureReferenceData(database.db);
  if (config.SEED_DEMO) await seedDemo(database.db);

  const app = await buildApp(config, database);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.ctx.opsToken = writeEndpointFile(config.DATA_DIR, port).token;
  app.log.info(`Oripa is open on http://localhost:${port} (database: ${database.where})`);

  const stopSweeper = startSweeper(database.db, SWEEP_INTERVAL_MS, (error) =>
    app.log.error({ err: error }, 'sweep failed'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    stopSweeper();
    removeEndpointFile(config.DATA_DIR);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}


main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
