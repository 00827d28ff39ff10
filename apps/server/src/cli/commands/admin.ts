import { message } from '@oripa/contract/messages';
import { OPERATOR_ROLES, operatorCreatePayload } from '@oripa/contract/admin';
import { AppError } from '../../kernel/errors.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { createOperator } from '../../modules/admin/operators.service.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

/**
 * Creates a console operator (the first owner, or any operator when nobody can sign in). It
 * prints a one-time password: the first login replaces it and enrols TOTP before anything else.
 */
export const adminCreateCommand: OpsCommand = {
  name: 'admin:create',
  summary: 'Create a console operator (owner, staff or support); prints a one-time password',
  usage: `admin:create --mail ADDRESS --role ${OPERATOR_ROLES.join('|')} [--name NAME]`,
  async run({ database }, args) {
    const mail = flagValue(args, 'mail', true);
    const role = flagValue(args, 'role', true);
    const name = flagValue(args, 'name') ?? mail.split('@')[0] ?? mail;
    const parsed = operatorCreatePayload.safeParse({ mail, role, name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'mail');
      const text = issue && issue.message.includes('.') ? message(issue.message as Parameters<typeof message>[0], 'en') : 'invalid value';
      throw new OpsError(`--${field}: ${text}${field === 'role' ? ` (${OPERATOR_ROLES.join(', ')})` : ''}`);
    }
    try {
      const { operator, password } = await createOperator(database.db, parsed.data, CLI_ACTOR);
      return {
        message: [
          `Operator #${operator.id} ${operator.mail} (${operator.role}) created.`,
          `One-time password: ${password}`,
          'Sign in at /admin: the first login sets a new password and enrols an authenticator app (TOTP).',
          'This password is shown only now.',
        ].join('\n'),
        data: { operator, one_time_password: password },
      };
    } catch (error) {
      if (error instanceof AppError) throw new OpsError(`--mail: an operator with the address "${parsed.data.mail}" exists`);
      throw error;
    }
  },
};
