import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { createPack, listPacksForOperator, PackSpecError, packSpecSchema } from '../../modules/catalog/pack-admin.service.ts';
import { auditPrizeCapOverride, guardPrizeCaps, lotChancePrizes } from '../../modules/catalog/prize-cap-guard.ts';
import { createFairness } from '../../modules/transparency/fairness.ts';
import { withRefusalsInEnglish } from '../app-refusal.ts';
import { flagValue, type OpsCommand } from '../command.ts';
import { listCommand } from '../list-command.ts';
import { asOpsError, readSpecFile } from '../spec-file.ts';

export const packCreateCommand: OpsCommand = {
  name: 'pack:create',
  summary: 'Create a pack (a finite lot with its lineup) from a JSON file; see docs/pack-file.md',
  usage: 'pack:create FILE.json [--prize-cap-reason TEXT]',
  async run({ database, config, fairness }, args) {
    const { spec, dir } = readSpecFile(args.positional[0], 'pack', packSpecSchema);
    // 景品表示法's prize caps hold here as in the console (decision 044): a lot beyond them is
    // refused unless a reason is given, which is audited with the lot, as an owner's is.
    const capReason = flagValue(args, 'prize-cap-reason') ?? '';
    const capOverride = await withRefusalsInEnglish(async () =>
      guardPrizeCaps({ price: spec.point, packs: spec.lineup.reduce((sum, p) => sum + p.count, 0), prizes: lotChancePrizes(spec), reason: capReason, role: 'owner' }),
    );
    const keys = fairness ?? (await createFairness(config));
    const created = await asOpsError(PackSpecError, () =>
      createPack(database.db, keys, spec, dir, async (tx, made) => {
        if (capOverride) await auditPrizeCapOverride(tx, CLI_ACTOR, made.id, capOverride, capReason);
      }),
    );
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
