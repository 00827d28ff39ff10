import { randomBytes } from 'node:crypto';
import { STATE } from '@oripa/contract/states';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/accounts.ts';
import { fundedMember } from '../../testing/buying.ts';
import { createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestOperator, operatorClient, signInOperator, useConsoleShop } from '../admin/admin-testing.ts';
import { tokenDigest } from '../accounts/tokens.ts';

/**
 * Issue 22 A: a session that has ended stays ended. The pack and course views save session
 * data; a view that read its session before the end and saves after it must not bring the row
 * back. Twelve loops of those views race the end (a suspension, a password reset from another
 * browser); afterwards the cookie is a visitor's and buying is refused.
 */

const t = useConsoleShop();
const LOOPS = 12;

/** A client of its own with `member`'s cookie (a loop's tab). */
function tabOf(member: TestClient): TestClient {
  const tab = t.shop.client();
  for (const [name, value] of member.cookies) tab.cookies.set(name, value);
  return tab;
}

/**
 * Runs LOOPS tabs of `member` through views that each save session data (two packs and the
 * course from each in turn) until `end` has run and every tab has made a few more calls.
 */
async function raceViews(member: TestClient, packs: [number, number], courseId: number, end: () => Promise<void>): Promise<void> {
  let ended = false;
  const views = [`/user/pack/detail/${packs[0]}`, `/user/point_price/detail/${courseId}?pack_id=${packs[0]}`, `/user/pack/detail/${packs[1]}`, `/user/point_price/detail/${courseId}?pack_id=${packs[1]}`];
  const loop = async (tab: TestClient, offset: number) => {
    for (let i = offset, after = 0; after < 6; i += 1) {
      const res = await tab.get(views[i % views.length]!);
      expect(res.status).toBeLessThan(500);
      if (ended) after += 1;
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, i) => loop(tabOf(member), i));
  await new Promise((resolve) => setTimeout(resolve, 15));
  await end();
  ended = true;
  await Promise.all(loops);
}

async function expectSignedOut(member: TestClient, packId: number): Promise<void> {
  expect((await member.get('/user/point')).body.is_login).toBe('0');
  expect((await member.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(STATE.loginRequired);
  expect((await member.post('/user/pack/buy', { count: 1, pack_id: packId })).body.state).toBe(STATE.loginRequired);
}

describe('an ended member session under parallel views', () => {
  it('stays ended after the operator suspends the member (4 rounds)', async () => {
    const db = t.db();
    const owner = await operatorClient(t.shop, 'owner');
    const packs: [number, number] = [await createTestPack(db), await createTestPack(db)];
    const courseId = await createTestCourse(db);
    for (let round = 0; round < 4; round += 1) {
      const { userId, client } = await fundedMember(t.shop, 10_000);
      await raceViews(client, packs, courseId, async () => {
        const res = await owner.post('/admin/members/suspend', { user_id: userId, suspended: true, reason: 'race test' });
        expect(res.body.state).toBe(STATE.ok);
      });
      await expectSignedOut(client, packs[0]);
    }
  });

  it('stays ended after the password is reset from another browser (3 rounds)', async () => {
    const db = t.db();
    const packs: [number, number] = [await createTestPack(db), await createTestPack(db)];
    const courseId = await createTestCourse(db);
    for (let round = 0; round < 3; round += 1) {
      const { userId, client: thief } = await fundedMember(t.shop, 10_000);
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({ userId, tokenHash: tokenDigest(token), expiresAt: new Date(Date.now() + 3_600_000) });
      const owner = t.shop.client();
      await owner.get('/user/point');
      await raceViews(thief, packs, courseId, async () => {
        const res = await owner.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' });
        expect(res.body.state).toBe(STATE.ok);
      });
      await expectSignedOut(thief, packs[0]);
    }
  });
});

describe('an ended console session under parallel calls', () => {
  it('stays ended after an owner disables or resets the operator (every console write is an update)', async () => {
    const db = t.db();
    const owner = await operatorClient(t.shop, 'owner');
    for (const end of [{ disabled: true }, 'reset'] as const) {
      const staff = await createTestOperator(db, 'staff');
      const console = t.shop.client();
      await signInOperator(db, console, staff.id);
      let ended = false;
      const loop = async (tab: TestClient) => {
        for (let after = 0; after < 6; ) {
          expect((await tab.get('/admin/me')).status).toBeLessThan(500);
          if (ended) after += 1;
        }
      };
      const loops = Array.from({ length: LOOPS }, () => loop(tabOf(console)));
      await new Promise((resolve) => setTimeout(resolve, 15));
      const res = end === 'reset' ? await owner.post('/admin/operators/reset', { operator_id: staff.id }) : await owner.post('/admin/operators/update', { operator_id: staff.id, ...end });
      expect(res.body.state).toBe(STATE.ok);
      ended = true;
      await Promise.all(loops);
      expect((await console.get('/admin/me')).body.state).toBe(STATE.loginRequired);
    }
  });
});
