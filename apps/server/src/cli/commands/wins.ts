import { CLI_ACTOR, recordAudit } from '../../modules/audit/audit.service.ts';
import { setWinsMinRarity, winsMinRarity } from '../../modules/settings/settings.service.ts';
import { OpsError, type OpsCommand } from '../command.ts';

/**
 * The rarity from which won cards show in the public recent-wins feeds (top page and pack
 * pages). Shown without an argument; set with one, written to the audit log with the change.
 */
export const winsThresholdCommand: OpsCommand = {
  name: 'wins:threshold',
  summary: 'Show or set the rarity (1-7) from which wins show in the public recent-wins feeds',
  usage: 'wins:threshold [RARITY]',
  async run({ database }, { positional }) {
    const [value] = positional;
    if (value === undefined) {
      const rarity = await winsMinRarity(database.db);
      return { message: `Recent wins show rarity ${rarity} and above.`, data: { rarity } };
    }
    if (!/^[1-7]$/.test(value))
      throw new OpsError(`wins:threshold takes a rarity from 1 to 7, not "${value}"`);
    const rarity = Number(value);
    const before = await database.db.transaction(async (tx) => {
      const previous = await winsMinRarity(tx);
      await setWinsMinRarity(tx, rarity);
      await recordAudit(tx, CLI_ACTOR, {
        action: 'settings.wins_min_rarity',
        target: 'settings',
        before: previous,
        after: rarity,
      });
      return previous;
    });
    return {
      message: `Recent wins now show rarity ${rarity} and above (was ${before}).`,
      data: { rarity, before },
    };
  },
};
