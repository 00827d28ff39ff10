import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lotDrawState } from '../../db/schema/transparency.ts';
import { BEACON_SCHEME } from '../beacon/chain.ts';
import { commitmentEntry, withdrawalEntry } from '../transparency/entries.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { jcs, type Canonical } from '../../kernel/jcs.ts';
import { appendEntries, entryOf } from '../transparency/log.service.ts';
import { sealSeed } from './seed-seal.ts';

export const DRAW_V2 = 'oripa-draw-v2';

/** A fresh v2 seed: 32 bytes from the OS CSPRNG, committed by the hex sha256 of the bytes. */
export function newV2Seed(): { seed: Buffer; hash: string } {
  const seed = randomBytes(32);
  return { seed, hash: createHash('sha256').update(seed).digest('hex') };
}

export interface CommittedPrize {
  id: number;
  kind: 'lot' | 'last_one' | 'milestone';
  name: string;
  nameEn: string;
  rarity: number;
  buyPoint: number;
  count: number;
  at: number;
  every: number;
  imageUrl: string;
}

async function imageHash(db: DbOrTx, fairness: Pick<Fairness, 'imageBytes'>, url: string): Promise<string | null> {
  const bytes = await fairness.imageBytes(db, url);
  return bytes ? createHash('sha256').update(bytes).digest('hex') : null;
}

/** The lot's commitment document (docs/fairness/draw-v2.md §2), prizes in lineup order. */
export async function commitmentDocument(
  db: DbOrTx,
  lot: { id: number; total: number; saleStart: Date; revealDeadline: Date; seedHash: string },
  prizes: readonly CommittedPrize[],
  fairness: Pick<Fairness, 'beacon' | 'imageBytes'>,
): Promise<Canonical> {
  const lineup: Canonical[] = [];
  const extras: Canonical[] = [];
  for (const p of prizes) {
    const common = { name: p.name, name_en: p.nameEn === '' ? null : p.nameEn, points: p.buyPoint, image_sha256: await imageHash(db, fairness, p.imageUrl) };
    if (p.kind === 'lot') lineup.push({ prize: lineup.length + 1, rarity: p.rarity, count: p.count, ...common });
    else extras.push({ id: p.id, kind: p.kind, at: p.kind === 'milestone' ? p.at : 0, every: p.kind === 'milestone' ? p.every : 0, ...common });
  }
  const chain = fairness.beacon.chain;
  return {
    algorithm: DRAW_V2,
    lot_id: lot.id,
    total: lot.total,
    lineup,
    extra_prizes: extras,
    sale_start: lot.saleStart.getTime(),
    reveal_deadline: lot.revealDeadline.getTime(),
    seed_hash: lot.seedHash,
    beacon: {
      chain_hash: chain.chainHash,
      public_key: chain.publicKey,
      genesis_time: chain.genesisTime,
      period: chain.period,
      scheme: BEACON_SCHEME,
      independent: chain.independent,
    },
  };
}

/**
 * Commits a v2 lot in its creating transaction: seals the seed, fixes the document's hash, sale
 * start and reveal deadline on the pack (frozen by migration 0029's trigger), ends the sale by the
 * deadline at the latest (a lot without an end date gets the deadline as its end: what is sold
 * after its seed is revealed would be known in advance), starts the drawer's state
 * and appends the `commitment` entry to the log (published with the next signed head).
 */
export async function commitLot(
  tx: DbOrTx,
  fairness: Fairness,
  lot: { id: number; total: number; saleStart: Date; revealDeadline: Date; seed: Buffer; seedHash: string },
  prizes: readonly CommittedPrize[],
): Promise<string> {
  const document = await commitmentDocument(tx, lot, prizes, fairness);
  const commitmentHash = createHash('sha256').update(jcs(document), 'utf8').digest('hex');
  await tx.execute(
    sql`update packs set seed_sealed = ${sealSeed(fairness.seedKey, lot.id, lot.seed)}, commitment_hash = ${commitmentHash},
               start_at = ${lot.saleStart}, reveal_deadline = ${lot.revealDeadline},
               end_at = least(coalesce(end_at, ${lot.revealDeadline}), ${lot.revealDeadline}) where id = ${lot.id}`,
  );
  await tx.insert(lotDrawState).values({ packId: lot.id, remaining: prizes.filter((p) => p.kind === 'lot').map((p) => p.count) });
  await appendEntries(tx, [entryOf('commitment', lot.id, null, commitmentEntry(lot.id, commitmentHash, document))]);
  return commitmentHash;
}

/** The earliest sale start a lot committed at `now` may have. */
export const earliestSaleStart = (fairness: Pick<Fairness, 'publishLeadMs'>, now: Date) => new Date(now.getTime() + fairness.publishLeadMs);

/**
 * Hiding or stopping a v2 lot withdraws it: a `withdrawal` entry in the log, once, and its seed
 * is revealed by the reveal job as soon as its purchases are drawn (never later than its
 * deadline), so a hidden lot cannot keep its seed. Returns whether this call withdrew it.
 */
export async function withdrawLot(tx: DbOrTx, lotId: number, reason: 'hidden' | 'stopped', now: Date): Promise<boolean> {
  const rows = (await tx.execute(
    sql`update packs set withdrawn_at = ${now} where id = ${lotId} and draw_algorithm = ${DRAW_V2} and withdrawn_at is null returning id`,
  )) as unknown as { rows: unknown[] };
  if (rows.rows.length === 0) return false;
  await appendEntries(tx, [entryOf('withdrawal', lotId, null, withdrawalEntry(lotId, reason))]);
  return true;
}

/** Whether a lot was withdrawn (it never goes on sale again: its seed is being revealed). */
export async function isWithdrawn(tx: DbOrTx, lotId: number): Promise<boolean> {
  const rows = (await tx.execute(sql`select 1 from packs where id = ${lotId} and withdrawn_at is not null`)) as unknown as { rows: unknown[] };
  return rows.rows.length > 0;
}
