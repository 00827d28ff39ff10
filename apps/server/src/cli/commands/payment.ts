import { PAY_METHOD_TEXTS, PAYMENT_STATES, type PayId, type PaymentState } from '@oripa/contract/payments';
import { formatJst } from '../../lib/time.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { confirmBankTransfer } from '../../modules/payments/bank-transfer.service.ts';
import { listPayments } from '../../modules/payments/payments.repo.ts';
import { flagValue, OpsError, type OpsCommand } from '../command.ts';

const MAX_LIMIT = 1000;

function parseLimit(text: string | undefined): number {
  if (text === undefined) return 50;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_LIMIT) throw new OpsError(`--limit must be 1 to ${MAX_LIMIT}, not "${text}"`);
  return Number(text);
}

function parseState(text: string | undefined): PaymentState | undefined {
  if (text === undefined) return undefined;
  if (!(PAYMENT_STATES as readonly string[]).includes(text)) throw new OpsError(`--state must be one of ${PAYMENT_STATES.join(', ')}, not "${text}"`);
  return text as PaymentState;
}

function parseMethod(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || !PAY_METHOD_TEXTS[Number(text) as PayId]) {
    throw new OpsError(`--method must be a payment id (1 card, 2 convenience store, 3/5 wallets, 4 bank, 6 carrier, 8 mobile, 12 mobile wallet), not "${text}"`);
  }
  return Number(text);
}

const methodName = (payId: number) => PAY_METHOD_TEXTS[payId as PayId]?.name.en ?? String(payId);

export const paymentListCommand: OpsCommand = {
  name: 'payment:list',
  summary: 'List point purchases, newest first (bank transfers: match payer name and amount)',
  usage: 'payment:list [--mail ADDRESS] [--state STATE] [--method PAYID] [--limit N]',
  async run({ database }, args) {
    const rows = await listPayments(database.db, {
      mail: flagValue(args, 'mail'),
      state: parseState(flagValue(args, 'state')),
      payId: parseMethod(flagValue(args, 'method')),
      limit: parseLimit(flagValue(args, 'limit')),
    });
    const list = rows.map(({ payment: p, mail }) => ({
      id: p.id,
      created: formatJst(p.createdAt),
      mail,
      pay_id: p.payId,
      method: methodName(p.payId),
      option: p.option,
      amount: p.amount,
      point: p.point,
      state: p.state,
      receipt_number: p.receiptNumber,
      payer_name: p.payerName,
      due: p.dueAt ? formatJst(p.dueAt) : '',
      completed: p.completedAt ? formatJst(p.completedAt) : '',
      error_code: p.errorCode,
      provider: p.provider,
      provider_ref: p.providerRef ?? '',
    }));
    const lines = list.map(
      (p) =>
        `${String(p.id).padStart(6)}  ${p.created}  ${p.state.padEnd(15)}  ${String(p.amount).padStart(7)} yen  ${String(p.point).padStart(7)} pt  ${p.method}${p.option ? ` (${p.option})` : ''}  ${p.mail}${p.payer_name ? `  payer ${p.payer_name}` : ''}${p.receipt_number ? `  receipt ${p.receipt_number}` : ''}${p.due && (p.state === 'pending' || p.state === 'requires_action') ? `  due ${p.due}` : ''}${p.error_code ? `  error ${p.error_code}` : ''}`,
    );
    const header = `${'id'.padStart(6)}  ${'created (JST)'.padEnd(16)}  ${'state'.padEnd(15)}  ${'amount'.padStart(11)}  ${'points'.padStart(10)}  method  member`;
    return { message: lines.length > 0 ? [header, ...lines].join('\n') : 'No payments.', data: { list } };
  },
};

export const paymentConfirmCommand: OpsCommand = {
  name: 'payment:confirm',
  summary: 'Confirm that a bank transfer arrived: the order succeeds and its points are credited once',
  usage: 'payment:confirm ID [--late]',
  async run({ database }, args) {
    const [idText] = args.positional;
    if (!idText || !/^\d+$/.test(idText)) throw new OpsError('name the payment id (see payment:list --method 4 --state pending)');
    const late = args.flags.late === true;
    const outcome = await confirmBankTransfer(database.db, Number(idText), { late, actor: CLI_ACTOR });
    switch (outcome.kind) {
      case 'not_found':
        throw new OpsError(`No payment ${idText}`);
      case 'not_bank':
        throw new OpsError(`Payment ${idText} is a ${methodName(outcome.payment.payId)} payment; only bank transfers are confirmed by operators (its provider confirms the others)`);
      case 'closed':
        throw new OpsError(
          outcome.payment.state === 'expired'
            ? `Payment ${idText} expired on ${outcome.payment.dueAt ? formatJst(outcome.payment.dueAt) : '?'} (JST). If the money did arrive, confirm it with --late`
            : `Payment ${idText} is ${outcome.payment.state} and cannot be confirmed`,
        );
      case 'already':
        return {
          message: `Nothing to do: payment ${idText} was confirmed before (no second credit).`,
          data: { id: outcome.payment.id, applied: false, state: outcome.payment.state },
        };
      case 'confirmed':
        return {
          message: `Payment ${idText} confirmed: ${outcome.payment.point} points credited for ${outcome.payment.amount} yen.`,
          data: { id: outcome.payment.id, applied: true, state: outcome.payment.state, point: outcome.payment.point, amount: outcome.payment.amount },
        };
    }
  },
};
