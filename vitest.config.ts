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
          // Vitest's default is one worker less than the cores: one on a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          // Files share their worker's process (decision 058): each file opens its own database and
          // shop, and importing the server anew per file cost ~3 s each, 350 s of a run's CPU.
          isolate: false,
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
          isolate: false,
          globalSetup: ['apps/server/src/testing/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: each opens a pool of 20 (test-database.ts; the instance tests two
          // of 20 instead), so two stay under a server's 100 connections with room for the
          // LISTEN connections. With one at a time the stage left a core idle waiting on queries.
          maxWorkers: 2,
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
          maxWorkers: 2,
          isolate: false,
          // Above test-setup.ts's 5 s waits, so a slow wait fails with its own message.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          // One shop set up per run; each file's shop starts from a copy of its data folder.
          globalSetup: ['e2e/support/shop-template.ts'],
          // A long walk through several screens may take twice its quiet-machine time on a loaded
          // machine (decision 063); a hang still fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Four files at a time (decision 058): a file spends most of its time waiting (for its
          // browser's paint, the shop's answers, the beacon's next round), and two at a time kept
          // the two cores 40 % busy. E2E_WORKERS overrides it, e.g. 1 to watch one file alone.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 4),
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
