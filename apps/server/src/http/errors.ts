import { STATE, type State } from '@oripa/contract/states';
import type { MessageCode, MessageParams } from '@oripa/contract/messages';

export interface FieldMessage {
  code: MessageCode;
  params?: MessageParams;
}

/**
 * The one error a service throws. It names a message code (never a text) and the field the
 * message belongs under; the error handler turns it into the envelope in the user's language.
 */
export class AppError extends Error {
  readonly state: State;
  readonly fields: Record<string, FieldMessage[]>;
  /** Extra top-level fields of the failure response (e.g. result '-1'). */
  readonly extra: Record<string, unknown>;

  constructor(
    state: State,
    fields: Record<string, FieldMessage[]>,
    extra: Record<string, unknown> = {},
  ) {
    const first = Object.entries(fields)[0];
    super(first ? `${first[0]}: ${first[1][0]?.code ?? ''}` : `state ${state}`);
    this.name = 'AppError';
    this.state = state;
    this.fields = fields;
    this.extra = extra;
  }

  /** A failure with one message under one field. */
  static field(
    state: State,
    field: string,
    code: MessageCode,
    params?: MessageParams,
    extra?: Record<string, unknown>,
  ): AppError {
    return new AppError(state, { [field]: [params ? { code, params } : { code }] }, extra);
  }

  static invalid(field: string, code: MessageCode = 'common.invalid', params?: MessageParams) {
    return AppError.field(STATE.validation, field, code, params);
  }

  static notFound(field: string, code: MessageCode = 'common.not_found') {
    return AppError.field(STATE.notFound, field, code);
  }

  static loginRequired() {
    return AppError.field(STATE.loginRequired, 'user_id', 'common.login_required');
  }
}
