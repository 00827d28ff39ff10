import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { isMaintenance, switchMaintenance } from '../../modules/settings/settings.service.ts';
import { OpsError, type OpsCommand } from '../command.ts';

export const maintenanceCommand: OpsCommand = {
  name: 'maintenance',
  summary: 'Switch maintenance mode (every API call answers 9999) on or off, or show it',
  usage: 'maintenance on|off|status',
  async run({ database, maintenance }, { positional }) {
    const [mode] = positional;
    if (mode === 'status' || mode === undefined) {
      const on = await isMaintenance(database.db);
      return { message: `Maintenance is ${on ? 'on' : 'off'}.`, data: { maintenance: on } };
    }
    if (mode !== 'on' && mode !== 'off') {
      throw new OpsError(`maintenance takes on, off or status, not "${mode}"`);
    }
    await switchMaintenance(database.db, mode === 'on', CLI_ACTOR);
    maintenance?.invalidate();
    return {
      message: `Maintenance is now ${mode}.`,
      data: { maintenance: mode === 'on' },
    };
  },
};
