import { changeMemberPayload } from '@oripa/contract/accounts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { memberIdentities } from '../../db/schema/identities.ts';
import { outboxTo, registrationInput, testMail, testTel } from '../../testing/accounts.ts';
import { registerWithLine } from '../../modules/accounts/line.service.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

describe('ops line unlink', () => {
  it('refuses a LINE-only member without --send-reset, then unlinks with the reset mail, audited as cli', async () => {
    const { pass: _p, confirmPass: _c, referralCode: _r, birth_date: _b, guardian_consent: _g, ...info } = registrationInput({ mail: testMail('cli-line'), tel: testTel() });
    const payload = changeMemberPayload.parse(info);
    const db = ctx.database.db;
    const userId = await registerWithLine(db, { pending: { sub: 'U-cli-1', name: 'x', mail: '', friend: false, at: Date.now() }, payload, lang: 'en', bonusPoints: 0, now: new Date() });

    const refused = await runCommand(ctx, ['line', 'unlink', payload.mail, '--reason', 'lost phone']);
    expect(refused).toMatchObject({ ok: false, exitCode: 2 });
    expect(refused.data.error).toBe('--send-reset: This member signs in only with LINE. Unlink only together with a password-reset mail, so they can still sign in.');
    expect((await runCommand(ctx, ['line', 'unlink', String(userId)])).data.error).toBe('--reason is required');
    expect((await runCommand(ctx, ['line', 'unlink', 'nobody@example.com', '--reason', 'x'])).ok).toBe(false);

    const done = await runCommand(ctx, ['line', 'unlink', String(userId), '--reason', 'lost phone', '--send-reset']);
    expect(done).toMatchObject({ ok: true, message: `Unlinked LINE from member ${userId}. A password-reset mail was sent to the member.` });
    const live = (await db.select().from(memberIdentities).where(eq(memberIdentities.userId, userId))).filter((r) => r.unlinkedAt === null);
    expect(live).toHaveLength(0);
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.action, 'member.line_unlink'), eq(auditLog.target, `member:${userId}`)));
    expect(entries.map((e) => [e.actor, e.after])).toEqual([['cli', { linked: false, reason: 'lost phone', reset_mail: true }]]);
    const [mail] = await outboxTo(db, payload.mail, 'mail');
    expect(mail?.subject).toBe('[Oripa] Reset your password');

    const again = await runCommand(ctx, ['line', 'unlink', String(userId), '--reason', 'x']);
    expect(again.data.error).toBe('request: No LINE account is linked.');
  });
});
