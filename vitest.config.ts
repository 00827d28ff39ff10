import { defineConfig } from 'vitest/config';
import { webAlias } from './apps/web/vite.config.ts';

// One project per kind of test, each with its own environment. `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'eslint/**/*.unit.test.ts', 'packages/verifier/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          // The migrated database each file starts from, made once per run.
          globalSetup: ['apps/server/src/testing/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own in-memory PGlite (~0.4 GB); keep two at a time on 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The same API suites on PostgreSQL; scripts/test.mjs runs it when TEST_DATABASE_URL is set.
        test: {
          name: 'api-pg',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['apps/server/src/testing/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One file at a time: each opens a pool of 40 (the instance tests two more of 20) on a
          // server of 100 connections, and two at once ran out ("too many clients") under load.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: {
          alias: webAlias,
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          // One shop set up per run; each file's shop starts from a copy of its data folder.
          globalSetup: ['e2e/support/shop-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: a file spends much of its time waiting for its browser or its
          // shop, so a second one fills the other core.
          maxWorkers: 2,
          // expect.poll's 1 s default is shorter than a screen's data takes to arrive on a busy
          // 2-core machine (a lineup still "Loading" failed the English test twice): 10 s, like
          // the waits beside it. A condition that never holds still fails.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
