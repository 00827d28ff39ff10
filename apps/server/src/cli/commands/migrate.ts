import type { OpsCommand } from '../command.ts';

export const migrateCommand: OpsCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations (the server also does this on start)',
  usage: 'migrate',
  async run({ database }) {
    await database.migrate();
    return { message: `Migrations applied on ${database.where}.`, data: { where: database.where } };
  },
};
