import { createPack, listPacksForOperator, PackSpecError, packSpecSchema } from '../../modules/catalog/pack-admin.service.ts';
import { createFairness } from '../../modules/transparency/fairness.ts';
import type { OpsCommand } from '../command.ts';
import { listCommand } from '../list-command.ts';
import { asOpsError, readSpecFile } from '../spec-file.ts';

export const packCreateCommand: OpsCommand = {
  name: 'pack:create',
  summary: 'Create a pack (a finite lot with its lineup) from a JSON file; see docs/pack-file.md',
  usage: 'pack:create FILE.json',
  async run({ database, config, fairness }, { positional }) {
    const { spec, dir } = readSpecFile(positional[0], 'pack', packSpecSchema);
    const keys = fairness ?? (await createFairness(config));
    const created = await asOpsError(PackSpecError, () => createPack(database.db, keys, spec, dir));
    return {
      message: `Pack ${created.id} "${spec.name}" created: ${created.total} packs, seed commitment ${created.seedHash}.`,
      data: { id: created.id, total: created.total, seed_hash: created.seedHash },
    };
  },
};

export const packListCommand = listCommand({
  name: 'pack:list',
  summary: 'List every pack with its price, remaining count and sale window',
  head: '  id     price  remaining  name',
  empty: 'No packs.',
  load: listPacksForOperator,
  line: (p) =>
    `${String(p.id).padStart(4)}  ${p.price.padStart(8)}  ${String(p.remaining).padStart(6)}/${String(p.total).padEnd(6)}  ${p.published ? '' : '[hidden] '}${p.name} (${p.card_type})`,
});
