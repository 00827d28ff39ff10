import { formatJst } from '../../lib/time.ts';
import { listOutbox } from '../../modules/notifications/notifications.service.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

const MAX_LIMIT = 500;

export const outboxCommand: OpsCommand = {
  name: 'outbox',
  summary: 'Show the latest mails and SMS of the outbox, newest first',
  usage: 'outbox [--to ADDRESS|PHONE] [--limit N] [--reveal-secrets (not in production)]',
  async run({ database, config }, args) {
    // Reset links and SMS codes are masked (decision 033); a development or test shop without
    // real mail and SMS may show them to whoever runs its command line, production never.
    const revealSecrets = args.flags['reveal-secrets'] !== undefined;
    if (revealSecrets && config.NODE_ENV === 'production') throw new OpsError('--reveal-secrets is refused in production: reset links and SMS codes stay masked');
    const limitText = flagValue(args, 'limit') ?? '20';
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      throw new OpsError(`--limit must be a whole number from 1 to ${MAX_LIMIT}, not "${limitText}"`);
    }
    const toText = flagValue(args, 'to')?.trim();
    // Mail addresses are stored in lower case; phone numbers as digits.
    const to = toText === undefined ? undefined : toText.includes('@') ? toText.toLowerCase() : toText;
    const entries = await listOutbox(database.db, { to, limit: Number(limitText), revealSecrets });
    if (entries.length === 0) {
      return { message: to ? `The outbox has nothing for ${to}.` : 'The outbox is empty.', data: { entries } };
    }
    const blocks = entries.map((e) => {
      const head = `#${e.id}  ${formatJst(new Date(e.createdAt))} JST  ${e.channel.toUpperCase()} to ${e.to}`;
      const subject = e.subject ? `\n  Subject: ${e.subject}` : '';
      const body = e.body.split('\n').map((line) => `  | ${line}`).join('\n');
      return `${head}${subject}\n${body}`;
    });
    return { message: blocks.join('\n\n'), data: { entries } };
  },
};
