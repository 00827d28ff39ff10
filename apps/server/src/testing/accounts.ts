import type { RegistrationInput } from '@oripa/contract/accounts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/notifications.ts';
import { users } from '../db/schema/users.ts';
import { creditPoints } from '../modules/wallet/wallet.service.ts';
import type { TestClient } from './test-client.ts';

let sequence = 0;

/** A unique, valid mail address for a test. */
export function testMail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}${sequence}@example.com`;
}

/** A unique Japanese mobile number (11 digits). */
export function testTel(): string {
  sequence += 1;
  return `090${String((Date.now() * 7 + sequence * 7919) % 100_000_000).padStart(8, '0')}`;
}

/** A complete, valid registration payload (Japanese address); override any field. */
export function registrationInput(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    lastName: '山田',
    middleName: '',
    firstName: '花子',
    tel: testTel(),
    mail: testMail(),
    zipcode: '1500002',
    country: '',
    pref_id: 13,
    shiku: '渋谷区渋谷',
    address: '2-21-1',
    building: 'ヒカリエ10階',
    pass: 'secret123',
    confirmPass: 'secret123',
    referralCode: '',
    // An adult's birth date, so the member can buy points; a test of the spec's call leaves it out.
    birth_date: '1990-01-01',
    ...overrides,
  };
}

/** Registers through the API (the client ends up logged in) and returns the new member's id. */
export async function registerThroughApi(db: Db, client: TestClient, overrides: Partial<RegistrationInput> = {}) {
  const input = registrationInput(overrides);
  if (!client.csrf) await client.get('/user/point');
  const res = await client.post('/user/append', input);
  if (res.body.state !== 200) throw new Error(`registration failed: ${JSON.stringify(res.body.errors)}`);
  const [row] = await db.select().from(users).where(eq(users.mail, String(input.mail).toLowerCase()));
  if (!row) throw new Error('registered member not found');
  return { userId: row.id, input, row };
}

/**
 * The newest outbox rows to a recipient (mail or phone) sent directly (SMS codes, reset links),
 * newest first; transactional mails of the mail worker (welcome, receipts…) are left out.
 */
export function outboxTo(db: Db, recipient: string, channel?: 'mail' | 'sms') {
  const direct = and(eq(outbox.recipient, recipient), eq(outbox.kind, ''));
  return db
    .select()
    .from(outbox)
    .where(channel ? and(direct, eq(outbox.channel, channel)) : direct)
    .orderBy(desc(outbox.id));
}

/** The 6-digit code of the newest SMS to `tel`, read from the outbox as a member would. */
export async function latestSmsCode(db: Db, tel: string): Promise<string> {
  const [row] = await outboxTo(db, tel, 'sms');
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${tel}`);
  return code;
}

/** Gives the member a point purchase (a 'purchase' ledger row), as a payment would. */
export async function givePurchase(db: Db, userId: number, yen = 1000, at?: Date): Promise<void> {
  await db.transaction((tx) =>
    creditPoints(tx, { userId, amount: yen, money: yen, reason: 'purchase', ref: `test:${userId}:${yen}`, now: at }),
  );
}

/** Marks a member's phone (a fresh number) verified directly (tests only). */
export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ endSms: 1, tel: testTel() }).where(eq(users.id, userId));
}

/** A member who may refer friends: phone verified and one payment made. Returns their code. */
export async function makeReferrer(db: Db, userId: number): Promise<string> {
  await markVerified(db, userId);
  await givePurchase(db, userId);
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('referrer not found');
  return row.code;
}
