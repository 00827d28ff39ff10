import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { packPrizes, packs } from '../db/schema/catalog.ts';
import { cardTypeIdOf, type PackSpec } from '../modules/catalog/pack-admin.service.ts';
import { awardsUpTo } from '../modules/catalog/extra-prizes.ts';

/**
 * Tests only: a lot committed under oripa-feistel-v1 (decision 004), as lots created before
 * migration 0029 are: a plain seed, drawn in the purchase batch. New lots are v2 (createPack);
 * these keep the v1 path and its verifier tested while such lots still sell.
 */
export async function createLegacyPack(db: Db, spec: PackSpec): Promise<{ id: number }> {
  const total = spec.lineup.reduce((sum, p) => sum + p.count, 0);
  const secret = randomBytes(32).toString('hex');
  return db.transaction(async (tx) => {
    const type = await cardTypeIdOf(tx, spec.card_type);
    const [pack] = await tx
      .insert(packs)
      .values({
        cardTypeId: type.id,
        name: spec.name,
        price: spec.point,
        paymentMethod: spec.payment_method,
        totalPackCount: total,
        startAt: new Date(Date.now() - 60_000),
        endAt: null,
        seedSecret: secret,
        seedHash: createHash('sha256').update(secret, 'utf8').digest('hex'),
      })
      .returning({ id: packs.id });
    const id = pack!.id;
    const entries = [
      ...spec.lineup.map((p) => ({ ...p, kind: 'lot' as const, at: 0, every: 0 })),
      ...(spec.last_one ? [{ ...spec.last_one, kind: 'last_one' as const, at: 0, every: 0, count: 1 }] : []),
      ...spec.milestones.map((m) => ({ ...m, kind: 'milestone' as const, count: awardsUpTo({ kind: 'milestone', at: m.at, every: m.every }, total, total) })),
    ];
    await tx.insert(packPrizes).values(
      entries.map((p, i) => ({
        packId: id,
        name: p.name,
        imageUrl: `/media/legacy-${i}.svg`,
        modelNumber: p.model_number,
        rarity: p.rarity,
        num: p.num,
        buyPoint: p.buy_point,
        actionType: p.action_type,
        count: p.count,
        sort: i,
        kind: p.kind,
        milestoneAt: p.at,
        milestoneEvery: p.every,
      })),
    );
    return { id };
  });
}
