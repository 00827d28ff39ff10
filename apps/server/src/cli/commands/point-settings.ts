import { pointSettingsSchema } from '@oripa/contract/bonuses';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { pointSettings, savePointSettings } from '../../modules/settings/settings.service.ts';
import { parseFlags } from '../app-refusal.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

const describe = (s: { login_bonus_enabled: boolean; login_bonus_points: number; free_point_days: number }) =>
  `Login bonus ${s.login_bonus_enabled ? `on, ${s.login_bonus_points} points a Japan-time day` : 'off'}; free points lapse ${s.free_point_days} days after their grant.`;

/** The login bonus and the free points' lifetime (decision 055), as the console sets them, audited. */
export const pointSettingsCommand: OpsCommand = {
  name: 'point-settings',
  summary: 'Show or set the login bonus (on/off, points) and how many days free points live',
  usage: 'point-settings [status] | point-settings set [--login-bonus on|off] [--login-bonus-points N] [--free-point-days N]',
  async run({ database }, args) {
    const [mode] = args.positional;
    const current = await pointSettings(database.db);
    if (mode === 'status' || mode === undefined) return { message: describe(current), data: current };
    if (mode !== 'set') throw new OpsError(`point-settings takes status or set, not "${mode}"`);
    const bonus = flagValue(args, 'login-bonus');
    if (bonus !== undefined && bonus !== 'on' && bonus !== 'off') throw new OpsError(`--login-bonus takes on or off, not "${bonus}"`);
    const settings = parseFlags(pointSettingsSchema, {
      login_bonus_enabled: bonus === undefined ? current.login_bonus_enabled : bonus === 'on',
      login_bonus_points: flagValue(args, 'login-bonus-points') ?? current.login_bonus_points,
      free_point_days: flagValue(args, 'free-point-days') ?? current.free_point_days,
    });
    const saved = await savePointSettings(database.db, settings, CLI_ACTOR);
    return { message: describe(saved), data: saved };
  },
};
