import { lineUnlinkPayload } from '@oripa/contract/admin-members';
import { publicUrl } from '../../config.ts';
import { memberIdByMail } from '../../modules/accounts/member.service.ts';
import { unlinkLineForSupport } from '../../modules/accounts/line-support.service.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { mailProviderOf } from '../../modules/notifications/notifier.ts';
import { parseFlags, withRefusalsInEnglish } from '../app-refusal.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

const USAGE = 'line unlink <member id or mail> --reason TEXT [--send-reset]';

/**
 * Support unlinks a member's LINE account (decision 062), as the console's member page does,
 * audited as the command line. A member whose only sign-in is LINE needs --send-reset: the
 * password-reset mail goes to the member's address (through SMTP, or the outbox without it).
 */
export const lineCommand: OpsCommand = {
  name: 'line',
  summary: "Unlink a member's LINE account for support (a LINE-only member only with --send-reset)",
  usage: USAGE,
  async run({ database, config }, args) {
    const [mode, who] = args.positional;
    if (mode !== 'unlink') throw new OpsError(`Usage: ${USAGE}`);
    if (who === undefined) throw new OpsError('name the member: its id or mail address');
    const userId = /^\d+$/.test(who) ? Number(who) : await memberIdByMail(database.db, who.trim().toLowerCase());
    if (userId === undefined) throw new OpsError(`No member has the address "${who}"`);
    const unlink = parseFlags(lineUnlinkPayload, { user_id: userId, reason: flagValue(args, 'reason', true), send_reset: args.flags['send-reset'] === true });
    const mail = mailProviderOf(config, database.db, (error) => console.warn('reset mail not delivered:', error));
    try {
      const done = await withRefusalsInEnglish(
        () =>
          unlinkLineForSupport(database.db, mail, {
            userId: unlink.user_id,
            reason: unlink.reason,
            sendReset: unlink.send_reset,
            origin: publicUrl(config),
            actor: CLI_ACTOR,
            now: new Date(),
          }),
        { send_reset: '--send-reset' },
      );
      const text = `Unlinked LINE from member ${userId}.${done.resetMail ? ' A password-reset mail was sent to the member.' : ''}`;
      return { message: text, data: { userId, reset_mail: done.resetMail } };
    } finally {
      await mail.close();
    }
  },
};
