import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { TestClient } from './test-client.ts';

export interface TestShop {
  app: FastifyInstance;
  database: TestDatabase;
  client(): TestClient;
  close(): Promise<void>;
}

/** A whole server on a fresh database (reference data loaded), for one API test file. */
export async function openTestShop(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestShop> {
  const database = await openTestDatabase();
  await ensureReferenceData(database.db);
  const app = await buildApp(testConfig({ WEB_DIST: '/nonexistent', ...overrides }), database);
  await app.ready();
  return {
    app,
    database,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
