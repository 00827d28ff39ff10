import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packPrizes } from '../../db/schema/catalog.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { entriesBetween, headsBetween, lotEntries, newestHead } from '../transparency/log.service.ts';

interface CommittedImages {
  lineup: { image_sha256: string | null }[];
  extra_prizes: { id: number; image_sha256: string | null }[];
}

/**
 * The mirror document (docs/fairness/draw-v2.md §5): the whole log up to the newest signed
 * head, every head, the log's public key, and for `lotId` the images its commitment names,
 * keyed by the committed sha256, with the bytes the shop serves now — so an image replaced
 * after the commitment shows as a mismatch, not as a missing image.
 */
export async function mirrorDocument(db: Db, fairness: Fairness, lotId: number | undefined) {
  const newest = await newestHead(db, fairness.signer);
  const size = newest?.tree_size ?? 0;
  const entries = await entriesBetween(db, 0, size);
  const heads = (await headsBetween(db, 1, size, Number.MAX_SAFE_INTEGER)).map((h) => ({ ...h, log_id: fairness.signer.logId }));
  const images: Record<string, string> = {};
  const [commitment] = lotId === undefined ? [] : await lotEntries(db, lotId, 'commitment');
  if (lotId !== undefined && commitment) {
    const doc = (JSON.parse(commitment.body) as { document: CommittedImages }).document;
    const prizes = await db
      .select({ id: packPrizes.id, kind: packPrizes.kind, imageUrl: packPrizes.imageUrl })
      .from(packPrizes)
      .where(eq(packPrizes.packId, lotId))
      .orderBy(asc(packPrizes.sort), asc(packPrizes.id));
    const lot = prizes.filter((p) => p.kind === 'lot');
    const pairs = [
      ...doc.lineup.map((p, i) => [p.image_sha256, lot[i]?.imageUrl] as const),
      ...doc.extra_prizes.map((e) => [e.image_sha256, prizes.find((p) => p.id === e.id)?.imageUrl] as const),
    ];
    for (const [hash, url] of pairs) {
      if (hash === null || url === undefined || images[hash] !== undefined) continue;
      const bytes = await fairness.imageBytes(db, url);
      if (bytes) images[hash] = bytes.toString('base64');
    }
  }
  return { format: 'oripa-mirror-v1' as const, log_public_key: fairness.signer.publicKey, entries, heads, images };
}
