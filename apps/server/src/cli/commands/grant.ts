import { memberIdByMail } from '../../modules/accounts/member.service.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { grantByOperator } from '../../modules/wallet/operator-grant.service.ts';
import { isCoinAmount } from '../../modules/wallet/wallet.service.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

/** Most points one grant may give: a typo guard well inside the balance column. */
const MAX_POINTS = 1_000_000_000;

function parsePoints(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d+$/.test(text) || Number(text) <= 0) throw new OpsError(`--points must be a whole number above 0, not "${text}"`);
  const points = Number(text);
  if (points > MAX_POINTS) throw new OpsError(`--points can be at most ${MAX_POINTS} in one grant`);
  return points;
}

function parseCoins(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!isCoinAmount(text)) throw new OpsError(`--coins must be an amount above 0 with at most two decimals (e.g. 10 or 12.50), not "${text}"`);
  return text;
}

export const grantCommand: OpsCommand = {
  name: 'grant',
  summary: 'Give a member points and/or coins (ledger rows with the reason as history memo)',
  usage: 'grant --mail ADDRESS [--points N] [--coins N] --reason TEXT [--key ID]',
  async run({ database }, args) {
    const mail = flagValue(args, 'mail', true);
    const reason = flagValue(args, 'reason', true).trim();
    if (reason === '' || reason.length > 200) throw new OpsError('--reason must be 1 to 200 characters');
    const points = parsePoints(flagValue(args, 'points'));
    const coins = parseCoins(flagValue(args, 'coins'));
    if (points === 0 && coins === undefined) throw new OpsError('give --points, --coins or both');
    const key = flagValue(args, 'key');
    if (key !== undefined && !/^[\w:.-]{1,100}$/.test(key)) throw new OpsError('--key must be 1 to 100 letters, digits or _ : . -');
    const userId = await memberIdByMail(database.db, mail);
    if (userId === undefined) throw new OpsError(`No member has the address "${mail}"`);

    const result = await grantByOperator(database.db, { userId, points, coins, reason, key }, CLI_ACTOR);
    const given = [
      points > 0 ? `${points} points` : undefined,
      coins !== undefined ? `${coins} coins` : undefined,
    ].filter(Boolean);
    const applied = result.pointsApplied || result.coinsApplied;
    const message = applied
      ? `Granted ${given.join(' and ')} to ${mail} (member ${userId}).` +
        `${result.pointBalance !== undefined ? ` Points now ${result.pointBalance}.` : ''}` +
        `${result.coinBalance !== undefined ? ` Coins now ${result.coinBalance}.` : ''}`
      : `Nothing granted: the grant with key "${key}" was made before.`;
    return {
      message,
      data: {
        userId,
        mail,
        points,
        coins: coins ?? null,
        reason,
        applied,
        pointBalance: result.pointBalance ?? null,
        coinBalance: result.coinBalance ?? null,
      },
    };
  },
};
