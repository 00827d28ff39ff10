import type { Lang } from '@oripa/contract/states';
import type { CurrentUser } from '@oripa/contract/user';
import type { Db } from '../../db/client.ts';
import { findBalances } from './users.repo.ts';

const VISITOR: CurrentUser = { is_login: '0', rank: '', rank_name: '', point: 0, coin: '0.00' };

/** The current user for the header and the route guard; visitors get is_login '0'. */
export async function currentUser(db: Db, userId: number | null, lang: Lang): Promise<CurrentUser> {
  if (userId === null) return VISITOR;
  const row = await findBalances(db, userId);
  if (!row) return VISITOR;
  return {
    is_login: '1',
    rank: row.rankCode ?? '',
    rank_name: (lang === 'en' ? row.rankNameEn : row.rankName) ?? '',
    point: row.point,
    coin: row.coin,
  };
}
