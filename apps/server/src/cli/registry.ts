import type { OpsCommand } from './command.ts';
import { adminCreateCommand } from './commands/admin.ts';
import { exchangeCreateCommand, exchangeListCommand, exchangeStockCommand } from './commands/exchange.ts';
import { grantCommand } from './commands/grant.ts';
import { maintenanceCommand } from './commands/maintenance.ts';
import { pointSettingsCommand } from './commands/point-settings.ts';
import { couponCommand } from './commands/coupon.ts';
import { campaignCommand } from './commands/campaign.ts';
import { jobsCommand } from './commands/jobs.ts';
import { lineCommand } from './commands/line.ts';
import { migrateCommand } from './commands/migrate.ts';
import { outboxCommand } from './commands/outbox.ts';
import { mediaPutCommand } from './commands/media.ts';
import { packCreateCommand, packListCommand } from './commands/pack.ts';
import { paymentConfirmCommand, paymentListCommand } from './commands/payment.ts';
import { paymentRecordCommand } from './commands/payment-record.ts';
import { rankListCommand, rankSetCommand } from './commands/rank.ts';
import { seedCommand } from './commands/seed.ts';
import { winsThresholdCommand } from './commands/wins.ts';

/** Every operator command. A new feature adds its command here (see command.ts). */
export const COMMANDS: OpsCommand[] = [
  seedCommand,
  maintenanceCommand,
  pointSettingsCommand,
  couponCommand,
  campaignCommand,
  jobsCommand,
  migrateCommand,
  grantCommand,
  lineCommand,
  outboxCommand,
  packCreateCommand,
  packListCommand,
  mediaPutCommand,
  paymentListCommand,
  paymentConfirmCommand,
  paymentRecordCommand,
  exchangeCreateCommand,
  exchangeListCommand,
  exchangeStockCommand,
  rankListCommand,
  rankSetCommand,
  adminCreateCommand,
  winsThresholdCommand,
];

export function findCommand(name: string): OpsCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.usage.length));
  const lines = COMMANDS.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: npm run ops -- <command> [arguments] [--json]',
    '',
    'Commands:',
    `  ${'help'.padEnd(width)}  Show this list`,
    ...lines,
    '',
    'Every command accepts --json for machine-readable output. While the shop is running the',
    'command runs inside it (through its loopback operator endpoint); otherwise it opens the',
    'database itself (DATABASE_URL, or PGlite under DATA_DIR).',
  ].join('\n');
}
