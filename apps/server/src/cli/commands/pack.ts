import fs from 'node:fs';
import path from 'node:path';
import { createPack, listPacksForOperator, PackSpecError, packSpecSchema } from '../../modules/catalog/pack-admin.service.ts';
import { OpsError, type OpsCommand } from '../command.ts';

export const packCreateCommand: OpsCommand = {
  name: 'pack:create',
  summary: 'Create a pack (a finite lot with its lineup) from a JSON file; see docs/pack-file.md',
  usage: 'pack:create FILE.json',
  async run({ database }, { positional }) {
    const [file] = positional;
    if (!file) throw new OpsError('name the pack file');
    const full = path.resolve(file);
    if (!fs.existsSync(full)) throw new OpsError(`${file}: no such file`);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(full, 'utf8'));
    } catch (error) {
      throw new OpsError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const parsed = packSpecSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
      throw new OpsError(`${file} has problems:\n${problems.join('\n')}`);
    }
    try {
      const created = await createPack(database.db, parsed.data, path.dirname(full));
      return {
        message: `Pack ${created.id} "${parsed.data.name}" created: ${created.total} packs, seed commitment ${created.seedHash}.`,
        data: { id: created.id, total: created.total, seed_hash: created.seedHash },
      };
    } catch (error) {
      if (error instanceof PackSpecError) throw new OpsError(error.message);
      throw error;
    }
  },
};

export const packListCommand: OpsCommand = {
  name: 'pack:list',
  summary: 'List every pack with its price, remaining count and sale window',
  usage: 'pack:list',
  async run({ database }) {
    const list = await listPacksForOperator(database.db);
    const lines = list.map(
      (p) =>
        `${String(p.id).padStart(4)}  ${p.price.padStart(8)}  ${String(p.remaining).padStart(6)}/${String(p.total).padEnd(6)}  ${p.published ? '' : '[hidden] '}${p.name} (${p.card_type})`,
    );
    return { message: lines.length > 0 ? ['  id     price  remaining  name', ...lines].join('\n') : 'No packs.', data: { list } };
  },
};
