import { createCampaignSchema } from '@oripa/contract/campaigns';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { createCampaign, listCampaigns, pauseCampaign } from '../../modules/campaigns/campaigns.service.ts';
import { parseFlags, withRefusalsInEnglish } from '../app-refusal.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

const USAGE = [
  'campaign list',
  'campaign create --kind point_bonus|coinback_multiplier --name TEXT [--name-en TEXT] (--percent 1-20 | --multiplier 2|3) --budget N --from ISO --to ISO',
  'campaign pause|resume --id N',
].join(' | ');

const FLAG_OF: Record<string, string> = { starts_at: 'from', ends_at: 'to', name_en: 'name-en' };

/** Campaigns (decision 060), as the console handles them, audited as the command line. */
export const campaignCommand: OpsCommand = {
  name: 'campaign',
  summary: 'List, create, pause or resume campaigns (+N% free points on point courses, or coin-back ×2/×3)',
  usage: USAGE,
  async run({ database }, args) {
    const db = database.db;
    const [mode = 'list'] = args.positional;
    if (mode === 'list') {
      const list = await listCampaigns(db);
      const lines = list.campaigns.map(
        (c) =>
          `#${c.id} ${c.kind} ${c.kind === 'point_bonus' ? `+${c.percent}%` : `x${c.multiplier}`} "${c.name}" ${c.status} ${c.starts_at} to ${c.ends_at}, used ${c.used}/${c.budget}, payments ${c.payments}`,
      );
      return { message: lines.join('\n') || 'No campaigns.', data: list };
    }
    if (mode === 'create') {
      const spec = parseFlags(
        createCampaignSchema,
        {
          kind: flagValue(args, 'kind', true),
          name: flagValue(args, 'name', true),
          name_en: flagValue(args, 'name-en') ?? '',
          percent: flagValue(args, 'percent') ?? null,
          multiplier: flagValue(args, 'multiplier') ?? null,
          budget: flagValue(args, 'budget', true),
          starts_at: flagValue(args, 'from', true),
          ends_at: flagValue(args, 'to', true),
        },
        FLAG_OF,
      );
      const campaign = await withRefusalsInEnglish(() => createCampaign(db, spec, CLI_ACTOR));
      return { message: `Created campaign #${campaign.id} "${campaign.name}" (${campaign.kind}), budget ${campaign.budget}, ${campaign.status}.`, data: { campaign } };
    }
    if (mode === 'pause' || mode === 'resume') {
      const id = Number(flagValue(args, 'id', true));
      if (!Number.isSafeInteger(id) || id <= 0) throw new OpsError('--id must be a campaign id');
      const campaign = await withRefusalsInEnglish(() => pauseCampaign(db, id, mode === 'pause', CLI_ACTOR));
      return { message: `Campaign #${campaign.id} "${campaign.name}" is ${campaign.status}.`, data: { campaign } };
    }
    throw new OpsError(`campaign takes list, create, pause or resume, not "${mode}"`);
  },
};
