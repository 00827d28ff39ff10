import type { Lang } from '@oripa/contract/states';
import type { CurrentUser } from '@oripa/contract/user';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findMember } from './users.repo.ts';

const VISITOR: CurrentUser = { is_login: '0', rank: '', rank_name: '', point: 0, coin: '0.00' };

/** The current user for the header and the route guard; visitors get is_login '0'. */
export async function currentUser(db: Db, userId: number | null, lang: Lang): Promise<CurrentUser> {
  if (userId === null) return VISITOR;
  const row = await findMember(db, userId);
  if (!row) return VISITOR;
  return {
    is_login: '1',
    rank: row.rankCode ?? '',
    rank_name: (lang === 'en' ? row.rankNameEn : row.rankName) ?? '',
    point: row.pointBalance,
    coin: row.coinBalance,
  };
}

/** One member as stored (profile, address, balances, rank), or undefined: for other modules and the console. */
export function memberRecord(db: DbOrTx, userId: number) {
  return findMember(db, userId);
}
