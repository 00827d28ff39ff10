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
import { createFairness } from './modules/transparency/fairness.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { startJobEngine } from './kernel/job-engine.ts';
import { sweepQueues } from './jobs/schedule.ts';
import { startMetricsListener } from './metrics/listener.ts';
import { attachSmsJobs, smsJobQueues } from './modules/notifications/sms/sms-jobs.ts';

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
  // The demo's lots are committed and sold under the keys the app uses (DATA_DIR or configuration).
  if (config.SEED_DEMO) await seedDemo(database.db, await createFairness(config));

  const app = await buildApp(config, database);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The CLI reaches a PGlite shop through this process; on PostgreSQL it opens the database itself
  // (several instances may share DATA_DIR, so none claims it).
  if (!config.DATABASE_URL) app.ctx.opsToken = writeEndpointFile(config.DATA_DIR, port).token;
  app.log.info(`Oripa is open on http://localhost:${port} (database: ${database.where})`);

  const metricsServer =
    config.METRICS_PORT === undefined ? undefined : await startMetricsListener(app, config.METRICS_PORT, config.METRICS_HOST);
  if (metricsServer) app.log.info(`metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);

  // Scheduled transitions run on the job engine (pg-boss in the shop's database): every instance
  // works the queues, each job runs once, a failing one is retried with backoff (decision 016).
  const jobs = await startJobEngine(database.db, [...sweepQueues(database.db), ...smsJobQueues(app.ctx.notifier.sms)], {
    onError: (error) => app.log.error({ err: error }, 'job engine error'),
  });
  // A real SMS provider sends through the engine's queue, with retries (decision 031).
  attachSmsJobs(app.ctx.notifier.sms, jobs);
  app.ctx.metrics.setQueueDepth(() => jobs.depth());

  let closing = false;
  /**
   * Graceful stop (SIGTERM from an orchestrator, Ctrl-C): /readyz turns 503 so the balancer
   * stops sending; the listener stops accepting; a request arriving on a kept-alive connection
   * is refused with 503 (Fastify's return503OnClosing); requests in flight finish, including
   * buys waiting for their purchase batch, which commits or rolls back whole; the jobs in
   * flight finish (the engine fetches no more); then the pool closes. Past SHUTDOWN_TIMEOUT_MS
   * the process exits anyway: an unfinished transaction rolls back in PostgreSQL, so nothing is left half done.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.ctx.lifecycle.closing = true;
    app.log.info(`${signal}: closing`);
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting with requests in flight');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    removeEndpointFile(config.DATA_DIR);
    await Promise.all([app.close(), jobs.stop(config.SHUTDOWN_TIMEOUT_MS / 2)]);
    await metricsServer?.close();
    await database.close();
    app.log.info('closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
