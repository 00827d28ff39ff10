import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startShop } from './shop-server.ts';

/**
 * Vitest global set-up of the browser tests: one shop is started and stopped once per run, and
 * its data folder (PGlite migrated, reference data, demo catalogue, job queue tables) is what
 * every test file's shop starts from (startShop({ template })). A fresh start spends seconds of
 * CPU in initdb, the migrations, the demo art and the queue's set-up; a copy of the folder takes
 * a few milliseconds and the server then finds everything in place.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    shopTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const shop = await startShop();
  await shop.stop({ keepData: true });
  project.provide('shopTemplate', shop.dataDir);
  return () => fs.rmSync(shop.dataDir, { recursive: true, force: true });
}
