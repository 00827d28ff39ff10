import { randomInt } from 'node:crypto';
import { COMBINI_DUE_DAYS, BANK_DUE_BUSINESS_DAYS, PAY_ID, REMITTANCE_DUE_DAYS } from '@oripa/contract/payments';
import type { Db } from '../../../db/client.ts';
import { dueAfterBusinessDays, dueAfterDays } from '../../../kernel/business-days.ts';
import type { CreatePaymentInput, ProviderOutcome, ProviderStatus } from '../provider.ts';
import { parseScenario } from './test-cards.ts';
import { newId } from './sandbox-ids.ts';
import * as repo from './sandbox.repo.ts';
import { findByOrder, findTransaction, type SandboxTransaction } from './sandbox.repo.ts';
import { consumeToken } from './tokenizer.ts';

/**
 * The sandbox provider's own side: its tokenizer, transactions, checkout sessions and the
 * decisions taken on its pages. It stands for a payment company's systems; the shop reaches it
 * only through SandboxProvider (the PaymentProvider interface) and its notifications.
 */

export { SANDBOX_PUBLIC_KEY_ID, SANDBOX_SHOP_ID, SANDBOX_STORE_ID } from './sandbox-ids.ts';

export { findByOrder, findCheckoutSession, findTransaction, markNotified, type SandboxTransaction } from './sandbox.repo.ts';
export type SandboxKind = 'card' | 'mobile' | 'combini' | 'bank' | 'remittance' | 'redirect' | 'checkout';


const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

// --- Transactions --------------------------------------------------------------------------

function kindOf(payId: number): SandboxKind {
  switch (payId) {
    case 1:
      return 'card';
    case 8:
      return 'mobile';
    case 2:
      return 'combini';
    case 4:
      return 'bank';
    case 3:
      return 'checkout';
    case PAY_ID.remittance:
      return 'remittance';
    default:
      return 'redirect';
  }
}

/** The page the member's browser goes to while a transaction waits for them. */
export function actionUrlOf(row: SandboxTransaction): string {
  if (row.kind === 'card') return `/api/acs/secure?ref=${encodeURIComponent(row.id)}`;
  if (row.kind === 'combini') return `/sandbox/pay/combini/${encodeURIComponent(row.id)}`;
  // The remittance address the member sends the money to (the payment service's page).
  if (row.kind === 'remittance') return `/sandbox/pay/remit/${encodeURIComponent(row.id)}`;
  return `/sandbox/pay/consent/${encodeURIComponent(row.id)}`;
}

/** The transaction as the provider API answers it. */
export function outcomeOf(row: SandboxTransaction): ProviderOutcome {
  const outcome: ProviderOutcome = { status: row.status as ProviderStatus, providerRef: row.id };
  if (row.status === 'requires_action') {
    outcome.redirectUrl = actionUrlOf(row);
    outcome.threeDSecure = row.kind === 'card';
  }
  if (row.kind === 'combini') {
    outcome.receiptNumber = row.receiptNumber;
    outcome.slipUrl = actionUrlOf(row);
  }
  if (row.kind === 'remittance') outcome.slipUrl = actionUrlOf(row);
  if (row.dueAt) outcome.dueAt = row.dueAt;
  if (row.errorCode) outcome.errorCode = row.errorCode;
  return outcome;
}

type NewTransaction = Omit<repo.NewSandboxTransaction, 'orderId' | 'payId' | 'amount' | 'returnUrl'>;

/** Inserts the order's transaction once; a second create of the same order answers the first. */
async function insertOnce(db: Db, input: CreatePaymentInput, values: NewTransaction): Promise<ProviderOutcome> {
  const row = await repo.insertUnlessOrdered(db, {
    ...values,
    orderId: String(input.paymentId),
    payId: input.payId,
    amount: input.amount,
    returnUrl: input.returnUrl,
    createdAt: input.now,
    updatedAt: input.now,
  });
  const stored = row ?? (await findByOrder(db, input.paymentId));
  if (!stored) throw new Error(`sandbox transaction of order ${input.paymentId} vanished`);
  return outcomeOf(stored);
}

/**
 * Creates the transaction of an order: a card is authorized and captured at once (or asks for
 * 3-D Secure), a slip is issued, a redirect waits for the member's decision on the consent page.
 */
export async function createTransaction(db: Db, input: CreatePaymentInput): Promise<ProviderOutcome> {
  const existing = await findByOrder(db, input.paymentId);
  if (existing) return outcomeOf(existing);
  const kind = kindOf(input.payId);
  const id = kind === 'checkout' ? (input.checkoutSessionId ?? '') : newId('sbx');
  const base = { id, kind, option: input.combiniCode ?? input.carrierId ?? '' };

  if (kind === 'card' || kind === 'mobile') {
    const token = input.token ? await consumeToken(db, input.token, kind, input.now) : undefined;
    if (!token) return insertOnce(db, input, { ...base, status: 'failed', errorCode: 'TOKEN' });
    if (kind === 'mobile') return insertOnce(db, input, { ...base, status: 'requires_action' });
    const scenario = parseScenario(token.scenario);
    const card = { ...base, masked: token.masked, scenario: token.scenario };
    if (scenario.kind === '3ds') return insertOnce(db, input, { ...card, status: 'requires_action' });
    if (scenario.kind === 'decline') return insertOnce(db, input, { ...card, status: 'failed', errorCode: 'G12' });
    if (scenario.kind === 'code') return insertOnce(db, input, { ...card, status: 'failed', errorCode: scenario.code });
    return insertOnce(db, input, { ...card, status: 'succeeded' });
  }
  if (kind === 'combini') {
    const receipt = input.combiniCode === 'sej' ? digits(13) : digits(11);
    return insertOnce(db, input, {
      ...base,
      status: 'pending',
      receiptNumber: receipt,
      confirmNumber: input.combiniCode === 'econ' ? digits(4) : '',
      dueAt: dueAfterDays(input.now, COMBINI_DUE_DAYS),
    });
  }
  if (kind === 'remittance') {
    return insertOnce(db, input, { ...base, status: 'pending', dueAt: dueAfterDays(input.now, REMITTANCE_DUE_DAYS) });
  }
  if (kind === 'bank') {
    return insertOnce(db, input, {
      ...base,
      status: 'pending',
      payerName: input.payerName ?? '',
      dueAt: dueAfterBusinessDays(input.now, BANK_DUE_BUSINESS_DAYS),
    });
  }
  if (kind === 'checkout') {
    // The buyer's session becomes this order's: once, and only while it is open.
    const bound = id !== '' && (await repo.bindCheckoutSession(db, id, input.paymentId, input.now));
    if (!bound) return insertOnce(db, input, { ...base, id: newId('sbx'), status: 'failed', errorCode: 'CHECKOUT_SESSION' });
    return insertOnce(db, input, { ...base, status: 'requires_action' });
  }
  return insertOnce(db, input, { ...base, status: 'requires_action' });
}

/**
 * The member's decision on a sandbox page (consent, QR, 3-D Secure challenge): approve captures
 * the payment, decline fails it. Only a transaction that waits for it changes; answers the
 * transaction as it is afterwards and whether this call changed it.
 */
export async function decide(db: Db, id: string, decision: 'approve' | 'decline', now: Date) {
  const changed = await repo.decideWaiting(db, id, decision, now);
  return { row: changed ?? (await findTransaction(db, id)), changed: changed !== undefined };
}

/** 'Pay now' on a slip or a remittance page: paid while it is pending and before its deadline. */
export async function payAtStore(db: Db, id: string, now: Date) {
  const changed = await repo.paySlip(db, id, now);
  return { row: changed ?? (await findTransaction(db, id)), changed: changed !== undefined };
}

/**
 * Cancels (or expires) an order that is not paid: answers its final state. An order the
 * sandbox never saw gets a closed record, so a late create for it fails.
 */
export async function cancelOrder(db: Db, orderId: number, reason: 'expired' | 'canceled', now: Date): Promise<ProviderOutcome> {
  const changed = await repo.closeOpenOrder(db, orderId, reason, now);
  if (changed) return outcomeOf(changed);
  const existing = await findByOrder(db, orderId);
  if (existing) return outcomeOf(existing);
  await repo.insertUnlessOrdered(db, { id: newId('sbx'), orderId: String(orderId), payId: 0, kind: 'unknown', amount: 0, status: reason, createdAt: now, updatedAt: now });
  const closed = await findByOrder(db, orderId);
  return closed ? outcomeOf(closed) : { status: reason };
}

// --- Checkout sessions (Amazon Pay-style wallet) --------------------------------------------

/** Payment methods the sandbox buyer can choose on the checkout page. */
export const SANDBOX_WALLET_METHODS = ['Visa ****1111', 'JCB ****0000', 'Amazon Pay残高 / balance'] as const;

export async function openCheckoutSession(db: Db, payload: Record<string, unknown>, payMethod: string, now: Date): Promise<string> {
  const id = newId('cs');
  await repo.insertCheckoutSession(db, id, payload, payMethod, now);
  return id;
}
