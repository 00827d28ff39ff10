import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import * as repo from './lot.repo.ts';

export type { LotPrizeRow, LotRow } from './lot.repo.ts';

/** Why a lot's seed is public now: it sold out, or its sale ended; '' while it is secret. */
export function revealReason(
  lot: Pick<repo.LotRow, 'drawnCount' | 'totalPackCount' | 'endAt'>,
  now: Date,
): '' | 'sold_out' | 'ended' {
  if (lot.drawnCount >= lot.totalPackCount) return 'sold_out';
  if (lot.endAt !== null && lot.endAt.getTime() <= now.getTime()) return 'ended';
  return '';
}

/**
 * A published lot with its lineup in lineup order, for its public commitment, odds and draw log
 * (the gacha module's trust views). Ended lots stay readable: their reveal is public.
 */
export async function publishedLot(
  db: DbOrTx,
  packId: number,
): Promise<{ lot: repo.LotRow; lineup: repo.LotPrizeRow[] }> {
  const lot = await repo.findPublishedLot(db, packId);
  if (!lot) throw AppError.field('pack_id', 'pack.not_found');
  return { lot, lineup: await repo.lineupInOrder(db, packId) };
}

/**
 * Every lot is committed by the transaction that creates it (migration 0013's triggers refuse
 * any later change of seed, size or lineup). An operator screen or command that would change
 * one asks here first and shows the refusal's message ('pack.committed') rather than a database
 * error; `isCommitmentRefusal` recognises the trigger's error should one slip through.
 */
export function refuseCommittedChange(packId: number): never {
  throw AppError.field('pack_id', 'pack.committed', { id: packId });
}

export function isCommitmentRefusal(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e.message.includes('lot_committed:')) return true;
  }
  return false;
}
