import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/** A test file's app whose every log line (level info) is kept, in order, in `lines`. */
export interface LoggedApp {
  database: TestDatabase;
  app: FastifyInstance;
  lines: string[];
}

/**
 * Tests only: registers the file's hooks — a fresh database (reference data loaded) and an app
 * logging at info into `lines`, with the test's own routes added by `addRoutes` before it is
 * ready; both closed after — and hands back what they set up.
 */
export function useLoggedApp(addRoutes: (setUp: LoggedApp) => void): LoggedApp {
  const setUp = { lines: [] as string[] } as LoggedApp;
  beforeAll(async () => {
    setUp.database = await openTestDatabase();
    await ensureReferenceData(setUp.database.db);
    setUp.app = await buildApp(testConfig({ LOG_LEVEL: 'info', WEB_DIST: '/nonexistent' }), setUp.database, {
      logStream: { write: (line: string) => void setUp.lines.push(line) },
    });
    addRoutes(setUp);
    await setUp.app.ready();
  });
  afterAll(async () => {
    await setUp.app?.close();
    await setUp.database?.drop();
  });
  return setUp;
}
