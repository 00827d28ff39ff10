import { END_SMS } from '@oripa/contract/constants';
import type { MemberReferrals, MemberRow, MemberSort } from '@oripa/contract/admin-members';
import type { Db } from '../../db/client.ts';
import { memberPage, memberRow, referredFriends, referrerOf } from './members-admin.repo.ts';
import { findMember } from './users.repo.ts';

type Row = Awaited<ReturnType<typeof memberPage>>['rows'][number];

const nameOf = (r: { lastName: string; middleName: string; firstName: string }) => [r.lastName, r.middleName, r.firstName].filter(Boolean).join(' ');

function rowOf(r: Row): MemberRow {
  return {
    id: r.id,
    mail: r.mail,
    name: nameOf(r),
    tel: r.tel,
    point: r.point,
    coin: r.coin,
    suspended: r.suspended,
    created_at: r.createdAt.toISOString(),
  };
}

/** The console's member list: a page of every member, or of those matching the query. */
export async function findMembers(
  db: Db,
  query: { q: string; page: number; per: number; sort: MemberSort; dir: 'asc' | 'desc' },
): Promise<{ members: MemberRow[]; total: number; page: number; per: number }> {
  const { rows, total } = await memberPage(db, query.q, { by: query.sort, dir: query.dir }, { offset: (query.page - 1) * query.per, limit: query.per });
  return { members: rows.map(rowOf), total, page: query.page, per: query.per };
}

/** A member's own fields for the console's member page, or undefined. */
export async function memberForConsole(db: Db, userId: number) {
  const r = await memberRow(db, userId);
  const m = await findMember(db, userId);
  if (!r || !m) return undefined;
  return {
    ...rowOf(r),
    zipcode: m.zipcode,
    address: [m.country, m.shiku, m.address, m.building].filter(Boolean).join(' '),
    sms_verified: m.endSms === END_SMS.verified,
    referral_code: m.referralCode,
  };
}

/**
 * A member's referrals for the console: who referred them, and the friends who registered with
 * their code, each with the SMS verification and whether the referral bonus was granted.
 */
export async function referralsForConsole(db: Db, userId: number): Promise<MemberReferrals> {
  const by = await referrerOf(db, userId);
  const friends = await referredFriends(db, userId);
  return {
    referred_by: by ? { id: by.id, mail: by.mail, rewarded: by.rewardedAt !== null } : null,
    friends: friends.map((f) => ({
      id: f.id,
      mail: f.mail,
      name: nameOf(f),
      sms_verified: f.endSms === END_SMS.verified,
      rewarded_at: f.rewardedAt?.toISOString() ?? null,
      registered_at: f.createdAt.toISOString(),
    })),
  };
}
