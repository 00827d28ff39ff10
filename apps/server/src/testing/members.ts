import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { memberAges } from '../db/schema/play-safety.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../http/session.ts';
import type { TestClient } from './test-client.ts';

let sequence = 0;

/** The birth date test members have unless a test gives another (null: none recorded). */
export const ADULT_TEST_BIRTH_DATE = '1990-01-01';

/** A test member's columns, its mail and referral code made unique by `tag` (no login, no funds). */
export function testMemberRow(tag: string) {
  return {
    mail: `member${tag}@example.com`,
    passHash: 'no-login',
    lastName: '山田',
    firstName: '花子',
    tel: '09000000000',
    zipcode: '1500002',
    prefId: 13,
    shiku: '渋谷区渋谷',
    address: '2-21-1',
    referralCode: `T${tag}`.toUpperCase(),
  };
}

/**
 * A member row for tests, with balances set directly. Only tests may do this: the shop itself
 * changes balances through the ledger.
 */
export async function createTestMember(
  db: Db,
  values: { point?: number; coin?: string; mail?: string; birthDate?: string | null } = {},
): Promise<number> {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const [row] = await db
    .insert(users)
    .values({
      ...testMemberRow(tag),
      ...(values.mail ? { mail: values.mail } : {}),
      pointBalance: values.point ?? 0,
      coinBalance: values.coin ?? '0',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('member not created');
  // An adult with a birth date on record, as point purchases need one (decision 037).
  if (values.birthDate !== null) await db.insert(memberAges).values({ userId: row.id, birthDate: values.birthDate ?? ADULT_TEST_BIRTH_DATE });
  return row.id;
}

/** Logs `client` in as `userId` by giving it a member session cookie. */
export async function signIn(db: Db, client: TestClient, userId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('base64url'),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  client.cookies.set(SESSION_COOKIE, token);
}
