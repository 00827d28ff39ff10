import { END_SMS } from '@oripa/contract/constants';
import type { MemberReferrals, MemberRow } from '@oripa/contract/admin-members';
import type { Db } from '../../db/client.ts';
import { memberRow, referredFriends, referrerOf, searchMembers } from './members-admin.repo.ts';
import { findMember } from './users.repo.ts';

type Row = Awaited<ReturnType<typeof searchMembers>>[number];

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

/** The console's member search; `more` says the list was cut at `limit`. */
export async function findMembers(
  db: Db,
  q: string,
  limit: number,
): Promise<{ members: MemberRow[]; more: boolean }> {
  const rows = await searchMembers(db, q, limit + 1);
  return { members: rows.slice(0, limit).map(rowOf), more: rows.length > limit };
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
