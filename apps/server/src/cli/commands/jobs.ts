import { sweep } from '../../jobs/sweeper.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

export const jobsCommand: OpsCommand = {
  name: 'jobs',
  summary: 'Run every due time-based transition once, as if the clock read --now',
  usage: 'jobs [--now ISO-TIME]',
  async run({ database }, args) {
    const nowText = flagValue(args, 'now');
    const now = nowText === undefined ? new Date() : new Date(nowText);
    if (Number.isNaN(now.getTime())) throw new OpsError(`--now must be an ISO time such as 2026-12-01T09:00:00+09:00, not "${nowText}"`);
    const moved = await sweep(database.db, now);
    const lines = Object.entries(moved).map(([name, n]) => `  ${name}: ${n}`);
    return { message: [`Jobs run at ${now.toISOString()}:`, ...lines].join('\n'), data: { now: now.toISOString(), moved } };
  },
};
