import { afterAll, beforeAll } from 'vitest';
import { testConfig } from '../config.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { OpsContext } from './command.ts';

/**
 * Tests only: registers the file's hooks — a fresh database and an ops context on it before all
 * tests, the database dropped after — and hands back the context they fill in.
 */
export function useOpsContext(): OpsContext & { database: TestDatabase } {
  const ctx = {} as OpsContext & { database: TestDatabase };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.config = testConfig();
  });
  afterAll(async () => {
    await ctx.database?.drop();
  });
  return ctx;
}
