import type { Lang } from '@oripa/contract/states';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { MailProvider } from '../notifications/providers.ts';
import { findMemberLink, lockMemberForUnlink, markUnlinked } from './line-identities.repo.ts';
import { sendResetMail, storeResetToken } from './password.service.ts';
import { newToken } from './tokens.ts';

/**
 * Support unlinks a member's LINE account (decision 062): a member who lost their LINE account,
 * or a link made by mistake. Under the member's row lock (against a parallel password reset or
 * the member's own unlink): a member whose only sign-in is LINE is unlinked only together with a
 * password-reset link (the existing reset flow: the token's digest stored here, the mail sent
 * after commit); the link ends, the reset token is stored and the audit row written in one
 * transaction. Two operators at once: one unlinks, the other is told it is not linked.
 */
export async function unlinkLineForSupport(
  db: Db,
  mail: MailProvider,
  input: { userId: number; reason: string; sendReset: boolean; origin: string; actor: Actor; now: Date },
): Promise<{ resetMail: boolean }> {
  const token = input.sendReset ? newToken() : null;
  const member = await db.transaction(async (tx) => {
    const row = await lockMemberForUnlink(tx, input.userId);
    if (!row) throw AppError.field('user_id', 'common.not_found');
    const link = await findMemberLink(tx, input.userId);
    if (!link?.linked) throw AppError.field('request', 'accounts.line_not_linked');
    if (!row.hasPassword && token === null) throw AppError.field('send_reset', 'accounts.line_unlink_needs_reset');
    if (!(await markUnlinked(tx, input.userId, input.now))) throw AppError.field('request', 'accounts.line_not_linked');
    if (token !== null) await storeResetToken(tx, input.userId, token, input.now);
    await recordAudit(tx, input.actor, {
      action: 'member.line_unlink',
      target: `member:${input.userId}`,
      before: { line_name: link.displayName, linked_at: link.linkedAt?.toISOString() ?? null, has_password: row.hasPassword },
      after: { linked: false, reason: input.reason, reset_mail: token !== null },
    });
    return row;
  });
  if (token !== null) {
    await sendResetMail(mail, { to: member.mail, userId: input.userId, lang: member.lang as Lang, origin: input.origin, token });
  }
  return { resetMail: token !== null };
}
