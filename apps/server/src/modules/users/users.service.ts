import { IS_LOGIN } from '@oripa/contract/constants';
import type { Lang } from '@oripa/contract/states';
import type { CurrentUser } from '@oripa/contract/user';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findMember, findSessionMemberHeader } from './users.repo.ts';

/** What a visitor's header shows. */
const VISITOR: CurrentUser = { is_login: IS_LOGIN.visitor, rank: '', rank_name: '', point: 0, coin: '0.00' };

/**
 * The current user of the session `sessionKey` (GET /user/point: session and member in one
 * statement); a request without a session cookie (null: no row to read), visitors, and sessions
 * no longer live, get is_login '0'.
 */
export async function currentUser(db: Db, sessionKey: string | null, lang: Lang): Promise<CurrentUser> {
  const row = sessionKey === null ? undefined : await findSessionMemberHeader(db, sessionKey);
  if (!row || row.userId === null || row.pointBalance === null || row.coinBalance === null) return VISITOR;
  return {
    is_login: IS_LOGIN.member,
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
