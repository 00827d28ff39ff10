import { changeMemberPayload } from '@oripa/contract/accounts';
import { STATE } from '@oripa/contract/states';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { passwordResetTokens } from '../../db/schema/accounts.ts';
import { memberIdentities } from '../../db/schema/identities.ts';
import { outboxTo, registerThroughApi, registrationInput, testMail, testTel } from '../../testing/accounts.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { linkLine, registerWithLine } from './line.service.ts';

/** Support unlinks a member's LINE account from the console (decision 062). */

const t = useConsoleShop('owner', 'support', 'staff');
const db = () => t.db();
const LINK = /\/password-reissue\?token=([A-Za-z0-9_-]{43})/;

let seq = 0;
const sub = (tag: string) => `U-support-${tag}-${Date.now().toString(36)}-${++seq}`;

/** A member who registered with a password, then linked LINE. */
async function passwordMemberWithLine() {
  const client = t.shop.client();
  const { userId, input } = await registerThroughApi(db(), client);
  expect(await linkLine(db(), { userId, sub: sub('pw'), name: 'Hanako LINE', friend: false, bonusPoints: 0, now: new Date() })).toBe('linked');
  return { userId, mail: input.mail.toLowerCase() };
}

/** A member created through LINE: no password. */
async function lineOnlyMember() {
  const { pass: _p, confirmPass: _c, referralCode: _r, birth_date: _b, guardian_consent: _g, ...info } = registrationInput({ mail: testMail('lineonly'), tel: testTel() });
  const payload = changeMemberPayload.parse(info);
  const pending = { sub: sub('only'), name: 'LINE太郎', mail: '', friend: false, at: Date.now() };
  const userId = await registerWithLine(db(), { pending, payload, lang: 'ja', bonusPoints: 0, now: new Date() });
  return { userId, mail: payload.mail };
}

const detail = async (userId: number) => (await t.support.get(`/admin/members/${userId}`)).body;
const audits = (userId: number) => db().select().from(auditLog).where(and(eq(auditLog.action, 'member.line_unlink'), eq(auditLog.target, `member:${userId}`)));
const liveLinks = async (userId: number) =>
  (await db().select().from(memberIdentities).where(eq(memberIdentities.userId, userId))).filter((r) => r.unlinkedAt === null);

describe('POST /api/admin/members/line_unlink', () => {
  it('shows the link on the member page and unlinks a member with a password, audited with the reason, no mail', async () => {
    const m = await passwordMemberWithLine();
    const before = await detail(m.userId);
    expect(before.line).toMatchObject({ display_name: 'Hanako LINE', has_password: true });
    expect(Date.parse((before.line as { linked_at: string }).linked_at)).toBeGreaterThan(Date.now() - 60_000);

    const res = await t.support.post('/admin/members/line_unlink', { user_id: m.userId, reason: 'LINEアカウントを紛失', send_reset: false });
    expect(res.body).toMatchObject({ state: STATE.ok, reset_mail: false });
    expect((await detail(m.userId)).line).toBeNull();
    expect(await liveLinks(m.userId)).toHaveLength(0);
    const [entry] = await audits(m.userId);
    expect(entry?.before).toMatchObject({ line_name: 'Hanako LINE', has_password: true });
    expect(entry?.after).toEqual({ linked: false, reason: 'LINEアカウントを紛失', reset_mail: false });
    expect(await outboxTo(db(), m.mail, 'mail')).toHaveLength(0);
  });

  it('refuses to leave a LINE-only member without a sign-in; with the reset mail it unlinks and the member sets a password', async () => {
    const m = await lineOnlyMember();
    expect((await detail(m.userId)).line).toMatchObject({ display_name: 'LINE太郎', has_password: false });

    const refused = await t.support.post('/admin/members/line_unlink', { user_id: m.userId, reason: '誤った連携' });
    expect(refused.body).toMatchObject({ state: 400, errors: { send_reset: [expect.stringContaining('パスワード再発行メール')] } });
    expect(await liveLinks(m.userId)).toHaveLength(1);
    expect(await audits(m.userId)).toHaveLength(0);

    t.support.setLang('en');
    const refusedEn = await t.support.post('/admin/members/line_unlink', { user_id: m.userId, reason: 'mistaken link' }).finally(() => t.support.setLang('ja'));
    expect(refusedEn.body.errors.send_reset).toEqual(['This member signs in only with LINE. Unlink only together with a password-reset mail, so they can still sign in.']);

    const done = await t.support.post('/admin/members/line_unlink', { user_id: m.userId, reason: '誤った連携', send_reset: true });
    expect(done.body).toMatchObject({ state: STATE.ok, reset_mail: true });
    expect(await liveLinks(m.userId)).toHaveLength(0);
    expect((await audits(m.userId)).map((a) => a.after)).toEqual([{ linked: false, reason: '誤った連携', reset_mail: true }]);
    const [mail] = await outboxTo(db(), m.mail, 'mail');
    expect(mail?.subject).toBe('【オリパ】パスワード再発行のご案内');
    const token = mail?.body.match(LINK)?.[1];
    expect(token).toBeDefined();

    const visitor = t.shop.client();
    await visitor.get('/user/point');
    expect((await visitor.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' })).body.state).toBe(STATE.ok);
    expect((await visitor.post('/user/login', { mail: m.mail, pass: 'newpass99' })).body.state).toBe(STATE.ok);
  });

  it('refuses a member without a link, an unknown member and an empty reason; staff may not unlink', async () => {
    const client = t.shop.client();
    const { userId } = await registerThroughApi(db(), client);
    expect((await t.support.post('/admin/members/line_unlink', { user_id: userId, reason: 'x' })).body).toMatchObject({
      state: 400,
      errors: { request: ['LINEアカウントは連携されていません。'] },
    });
    expect((await t.support.post('/admin/members/line_unlink', { user_id: 2147483647, reason: 'x' })).body.state).toBe(STATE.notFound);
    const m = await passwordMemberWithLine();
    expect((await t.support.post('/admin/members/line_unlink', { user_id: m.userId, reason: '   ' })).body.errors.reason).toBeDefined();
    expect((await t.staff.post('/admin/members/line_unlink', { user_id: m.userId, reason: 'x' })).body.state).toBe(STATE.forbidden);
    expect(await liveLinks(m.userId)).toHaveLength(1);
    expect(await audits(m.userId)).toHaveLength(0);
  });

  it('unlinks once when two operators press at the same time: one audit row, one reset link', async () => {
    const m = await lineOnlyMember();
    const press = (who: typeof t.owner) => who.post('/admin/members/line_unlink', { user_id: m.userId, reason: '同時操作', send_reset: true });
    const answers = await Promise.all([press(t.owner), press(t.support), press(t.owner)]);
    expect(answers.map((a) => a.body.state).sort()).toEqual([STATE.ok, 400, 400].sort());
    expect(await audits(m.userId)).toHaveLength(1);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, m.userId))).toHaveLength(1);
    expect(await outboxTo(db(), m.mail, 'mail')).toHaveLength(1);
  });
});
