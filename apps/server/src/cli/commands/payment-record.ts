import { OUTSIDE_PAYMENT_METHODS } from '@oripa/contract/constants';
import { outsidePaymentPayload } from '@oripa/contract/admin-payments';
import { isMessageCode, message } from '@oripa/contract/messages';
import { AppError } from '../../kernel/errors.ts';
import { memberIdByMail } from '../../modules/accounts/member.service.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { recordOutsidePayment } from '../../modules/payments/outside-payment.service.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

/** The flag each payload field comes from, for messages. */
const FLAG_OF: Record<string, string> = { course_id: 'course', points: 'points', yen: 'yen', method: 'method', reference: 'reference', user_id: 'mail' };

/** The English text of a refusal, named by its flag. */
function refusal(field: string, code: string, params?: Record<string, string | number>): OpsError {
  const text = isMessageCode(code) ? message(code, 'en', params) : 'invalid value';
  return new OpsError(`--${FLAG_OF[field] ?? field}: ${text}${field === 'method' ? ` (${OUTSIDE_PAYMENT_METHODS.join(', ')})` : ''}`);
}

/**
 * `payment:record`: money a member paid outside the site, credited as a paid point purchase by
 * the same service as the console (checked by the same contract schema), once per reference.
 */
export const paymentRecordCommand: OpsCommand = {
  name: 'payment:record',
  summary: 'Record money a member paid outside the site: credits the points as a paid purchase, once per reference',
  usage: `payment:record --mail ADDRESS (--points N --yen Y | --course ID) --reference REF [--method ${OUTSIDE_PAYMENT_METHODS.join('|')}]`,
  async run({ database }, args) {
    const mail = flagValue(args, 'mail', true);
    const reference = flagValue(args, 'reference', true);
    const parsed = outsidePaymentPayload.safeParse({
      user_id: 1,
      course_id: flagValue(args, 'course'),
      points: flagValue(args, 'points'),
      yen: flagValue(args, 'yen'),
      method: flagValue(args, 'method') ?? 'other',
      reference,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refusal(String(issue?.path[0] ?? 'reference'), issue?.message ?? '');
    }
    const userId = await memberIdByMail(database.db, mail);
    if (userId === undefined) throw new OpsError(`--mail: no member has the address "${mail}"`);
    try {
      const { applied, payment } = await recordOutsidePayment(database.db, { ...parsed.data, user_id: userId }, CLI_ACTOR);
      const data = { applied, payment_id: payment.id, user_id: userId, mail, point: payment.point, amount: payment.amount, method: payment.option, reference: payment.providerRef };
      const text = applied
        ? `Payment ${payment.id} recorded: ${payment.point} points credited to ${mail} for ${payment.amount} yen (${payment.option}, reference ${reference}).`
        : `Nothing to do: reference ${reference} was recorded before as payment ${payment.id} (no second credit).`;
      return { message: text, data };
    } catch (error) {
      if (error instanceof AppError) {
        const [field, messages] = Object.entries(error.fields)[0] ?? ['reference', []];
        throw refusal(field, messages[0]?.code ?? '', messages[0]?.params as Record<string, string | number> | undefined);
      }
      throw error;
    }
  },
};
