import { ensureReferenceData } from '../../db/seed/reference-data.ts';
import { seedDemo } from '../../db/seed/seed-demo.ts';
import { createFairness } from '../../modules/transparency/fairness.ts';
import type { OpsCommand } from '../command.ts';

export const seedCommand: OpsCommand = {
  name: 'seed',
  summary: 'Load reference data and, on a shop without packs, the demo catalogue',
  usage: 'seed',
  async run({ database, config, fairness }) {
    await ensureReferenceData(database.db);
    const result = await seedDemo(database.db, fairness ?? (await createFairness(config)));
    return {
      message: result.seeded
        ? `Demo catalogue loaded: ${result.cardTypes} card types, ${result.packs} packs, ${result.prizes} prizes, ${result.courses} point courses, ${result.exchangeCards} exchange cards, ${result.banners} banners, ${result.packsSold} packs sold through demo purchases.`
        : 'The shop already has packs; reference data checked, demo catalogue not loaded.',
      data: { ...result },
    };
  },
};
