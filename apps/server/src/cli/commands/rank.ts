import { memberIdByMail } from '../../modules/accounts/member.service.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { rankTable, setRankByOperator } from '../../modules/ranks/ranks.service.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';
import { listCommand } from '../list-command.ts';

export const rankListCommand = listCommand({
  name: 'rank:list',
  summary: 'List the member ranks: monthly spend threshold, coin-back rate, coins to keep',
  head: 'code        name      yen/month  coin-back      keep  icon',
  empty: 'No ranks.',
  load: rankTable,
  line: (r) =>
    `${r.code.padEnd(10)}  ${r.name.padEnd(8)}  ${r.threshold_price.toLocaleString('en-US').padStart(9)}  ${`${r.coin_back_rate}%`.padStart(7)}  ${r.maintain_coin.padStart(8)}  ${r.icon}`,
});

export const rankSetCommand: OpsCommand = {
  name: 'rank:set',
  summary: "Set a member's current rank (support; written to the audit log with the reason)",
  usage: 'rank:set --mail ADDRESS --rank CODE --reason TEXT',
  async run({ database }, args) {
    const mail = flagValue(args, 'mail', true);
    const code = flagValue(args, 'rank', true);
    const reason = flagValue(args, 'reason', true).trim();
    if (reason === '' || reason.length > 200) throw new OpsError('--reason must be 1 to 200 characters');
    const userId = await memberIdByMail(database.db, mail);
    if (userId === undefined) throw new OpsError(`No member has the address "${mail}"`);
    const change = await setRankByOperator(database.db, userId, code, reason, CLI_ACTOR);
    if (!change) {
      const codes = (await rankTable(database.db)).map((r) => r.code);
      throw new OpsError(`No rank has the code "${code}" (ranks: ${codes.join(', ') || 'none'})`);
    }
    return {
      message: `${mail} (member ${userId}): rank ${change.before ?? '(none)'} → ${change.after}.`,
      data: { userId, mail, before: change.before, after: change.after, reason },
    };
  },
};
