import type { LoginStep } from '@oripa/contract/admin';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { hashPassword, verifyPassword } from '../../kernel/passwords.ts';
import type { SignedOperator } from './admin-session.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { enterCodeGate, enterGate, passedCodeGate, passedGate, type GateResult } from './operator-login-gate.ts';
import { deleteSessionsOf, findOperatorByMail, takeTotpStep, updateOperator, updateSession } from './operators.repo.ts';
import { codeStep, enrolment, newTotpSecret } from './totp.ts';

/**
 * The console login: password, then (first time, or after a reset) a new password of the
 * operator's own, then TOTP enrolment, then a TOTP code at every login. Every guess — password
 * or code — passes the console's throttle first (operator-login-gate.ts); codes are counted apart.
 */

/** The step after the password: a one-time password must be replaced, TOTP enrolled, or a code given. */
export function stepAfterPassword(op: { mustChangePassword: boolean; totpSecret: string | null }): LoginStep {
  if (op.mustChangePassword) return 'password';
  return op.totpSecret ? 'totp' : 'enrol';
}

function refuseLocked(result: GateResult, field: 'mail' | 'code', now: Date): void {
  if ('locked' in result) {
    const minutes = Math.max(1, Math.ceil((result.locked.getTime() - now.getTime()) / 60_000));
    throw AppError.field(field, 'admin.login_locked', { minutes });
  }
}

async function gate(db: Db, mail: string, ip: string, now: Date): Promise<void> {
  refuseLocked(await enterGate(db, mail, ip, now), 'mail', now);
}

function requireStep(operator: SignedOperator, ...steps: LoginStep[]): void {
  if (!steps.includes(operator.step)) throw AppError.field('operator', 'admin.step_required');
}

/** Checks an address and password; returns the operator and the next step of the login. */
export async function checkPassword(db: Db, input: { mail: string; pass: string; ip: string; now: Date }): Promise<{ operatorId: number; step: LoginStep }> {
  await gate(db, input.mail, input.ip, input.now);
  const found = await findOperatorByMail(db, input.mail);
  const operator = found && found.disabledAt === null ? found : undefined;
  const ok = await verifyPassword(operator?.passHash, input.pass);
  if (!operator || !ok) throw AppError.field('mail', 'admin.login_failed');
  await passedGate(db, input.mail);
  return { operatorId: operator.id, step: stepAfterPassword(operator) };
}

/**
 * Replaces the operator's password (the forced change of a one-time password, or later by
 * choice). The current one is asked again and throttled like a login. Other sessions end.
 */
export async function changePassword(
  db: Db,
  operator: SignedOperator,
  sessionKey: string,
  input: { pass: string; newPass: string; ip: string; now: Date },
  actor: Actor,
): Promise<LoginStep> {
  requireStep(operator, 'password', 'done');
  await gate(db, operator.mail, input.ip, input.now);
  const found = await findOperatorByMail(db, operator.mail);
  if (!found || !(await verifyPassword(found.passHash, input.pass))) throw AppError.field('pass', 'admin.password_wrong');
  await passedGate(db, operator.mail);
  const passHash = await hashPassword(input.newPass);
  const next: LoginStep = operator.step === 'done' ? 'done' : stepAfterPassword({ mustChangePassword: false, totpSecret: found.totpSecret });
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { passHash, mustChangePassword: false });
    await deleteSessionsOf(tx, operator.id, sessionKey);
    await updateSession(tx, sessionKey, { step: next });
    await recordAudit(tx, actor, { action: 'operator.password', target: `operator:${operator.id}` });
  });
  return next;
}

/** The secret to scan at enrolment; the same one until it is proved, so a reload shows the same QR. */
export async function startEnrolment(db: Db, operator: SignedOperator, sessionKey: string): Promise<{ secret: string; url: string; qr: string }> {
  requireStep(operator, 'enrol');
  const secret = operator.pendingSecret ?? newTotpSecret();
  if (!operator.pendingSecret) await updateSession(db, sessionKey, { pendingSecret: secret });
  return { secret, ...(await enrolment(secret, operator.mail)) };
}

async function takeCode(db: Db, operatorId: number, secret: string, mail: string, input: { code: string; ip: string; now: Date }): Promise<number> {
  refuseLocked(await enterCodeGate(db, operatorId, input.ip, input.now), 'code', input.now);
  const step = codeStep(secret, mail, input.code, input.now);
  if (step === undefined) throw AppError.field('code', 'admin.code_wrong');
  return step;
}

/** Proves the scanned secret with a code: it becomes the operator's, and the login is done. */
export async function confirmEnrolment(db: Db, operator: SignedOperator, sessionKey: string, input: { code: string; ip: string; now: Date }, actor: Actor): Promise<void> {
  requireStep(operator, 'enrol');
  const secret = operator.pendingSecret;
  if (!secret) throw AppError.field('operator', 'admin.step_required');
  const step = await takeCode(db, operator.id, secret, operator.mail, input);
  await passedCodeGate(db, operator.id);
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { totpSecret: secret, totpLastStep: step, lastLoginAt: input.now });
    await updateSession(tx, sessionKey, { step: 'done', pendingSecret: null });
    await recordAudit(tx, actor, { action: 'operator.totp_enrol', target: `operator:${operator.id}` });
  });
}

/** The code of every login; a code is accepted once (a replay of the same one is wrong). */
export async function verifyCode(db: Db, operator: SignedOperator, sessionKey: string, input: { code: string; ip: string; now: Date }, actor: Actor): Promise<void> {
  requireStep(operator, 'totp');
  if (!operator.totpSecret) throw AppError.field('operator', 'admin.step_required');
  const step = await takeCode(db, operator.id, operator.totpSecret, operator.mail, input);
  await db.transaction(async (tx) => {
    if (!(await takeTotpStep(tx, operator.id, step))) throw AppError.field('code', 'admin.code_wrong');
    await updateOperator(tx, operator.id, { lastLoginAt: input.now });
    await updateSession(tx, sessionKey, { step: 'done' });
    await recordAudit(tx, actor, { action: 'operator.login', target: `operator:${operator.id}` });
  });
  await passedCodeGate(db, operator.id);
}
