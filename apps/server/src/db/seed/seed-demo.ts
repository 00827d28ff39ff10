import { BANNER_MODE } from '@oripa/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { banners, cardTypes, exchangeCards, packPrizes, packs, pointCourses } from '../schema/catalog.ts';
import { commitLot, DRAW_V2, newV2Seed, type CommittedPrize } from '../../modules/catalog/lot-commitment.ts';
import { saveMediaFile } from '../../modules/media/media.service.ts';
import { setBannerMode } from '../../modules/settings/settings.service.ts';
import type { Fairness } from '../../modules/transparency/fairness.ts';
import { signHeadIfGrown } from '../../modules/transparency/log.service.ts';
import { planDemo } from './demo-plan.ts';
import { sellDemoLots, type DemoSale } from './demo-sales.ts';

export interface SeedDemoResult {
  seeded: boolean;
  cardTypes: number;
  packs: number;
  prizes: number;
  courses: number;
  exchangeCards: number;
  banners: number;
  /** Packs of the demo lots sold through real purchases (the sold-out showcase). */
  packsSold: number;
}

const NOT_SEEDED: SeedDemoResult = {
  seeded: false,
  cardTypes: 0,
  packs: 0,
  prizes: 0,
  courses: 0,
  exchangeCards: 0,
  banners: 0,
  packsSold: 0,
};

/** A demo lot on sale starts this long after its commitment, which is signed before it (as a lot made by the console). */
const DEMO_START_MARGIN_MS = 5000;

/**
 * Fills an empty shop with the demo catalogue: card types, packs with their lots and art, point
 * courses, exchange cards and banners, all in one transaction. Does nothing when any pack exists.
 * Every lot is an oripa-draw-v2 lot committed in the transparency log (decision 027); a lot
 * already on sale starts just after its commitment is signed (a demo publishes without the
 * LOT_PUBLISH_LEAD_MS lead, which the verifier shows but does not enforce). A lot the
 * catalogue has sold (the sold-out showcase) is then sold through real purchases.
 */
export async function seedDemo(db: Db, fairness: Fairness, now: Date = new Date()): Promise<SeedDemoResult> {
  const [existing] = await db.select({ id: packs.id }).from(packs).limit(1);
  if (existing) return { ...NOT_SEEDED };

  // Reading the pictures and planning the lots is pure work: do it before the transaction holds anything.
  const plan = planDemo(now);

  const result = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oripa:seed-demo'))`);
    const [again] = await tx.select({ id: packs.id }).from(packs).limit(1);
    if (again) return { ...NOT_SEEDED };

    for (const picture of plan.pictures) await saveMediaFile(tx, picture.id, picture.contentType, picture.data);

    const typeIds = new Map<string, number>();
    for (const type of plan.cardTypes) {
      const [row] = await tx
        .insert(cardTypes)
        .values({ name: type.name, nameEn: type.nameEn, sort: type.sort })
        .returning({ id: cardTypes.id });
      typeIds.set(type.key, row!.id);
    }
    const typeId = (key: string): number => {
      const id = typeIds.get(key);
      if (id === undefined) throw new Error(`demo catalogue names an unknown card type ${key}`);
      return id;
    };

    const packIds = new Map<string, number>();
    const sales: DemoSale[] = [];
    let prizeCount = 0;
    const onSaleFrom = new Date(Date.now() + DEMO_START_MARGIN_MS);
    for (const pack of plan.packs) {
      const { drawnCount, startAt, ...rest } = pack.row;
      const saleStart = startAt < onSaleFrom ? onSaleFrom : startAt;
      const seed = newV2Seed();
      const [row] = await tx
        .insert(packs)
        .values({ ...rest, startAt: saleStart, drawnCount: 0, seedSecret: '', seedHash: seed.hash, drawAlgorithm: DRAW_V2, cardTypeId: typeId(pack.cardType) })
        .returning({ id: packs.id });
      const packId = row!.id;
      packIds.set(pack.key, packId);
      const prizes = await tx
        .insert(packPrizes)
        .values(pack.prizes.map((prize) => ({ ...prize, packId })))
        .returning({
          id: packPrizes.id,
          kind: packPrizes.kind,
          name: packPrizes.name,
          nameEn: packPrizes.nameEn,
          rarity: packPrizes.rarity,
          buyPoint: packPrizes.buyPoint,
          count: packPrizes.count,
          at: packPrizes.milestoneAt,
          every: packPrizes.milestoneEvery,
          imageUrl: packPrizes.imageUrl,
        });
      prizeCount += prizes.length;
      const revealDeadline = pack.row.endAt ?? new Date(saleStart.getTime() + fairness.revealAfterMs);
      await commitLot(
        tx,
        fairness,
        { id: packId, total: pack.row.totalPackCount, saleStart, revealDeadline, seed: seed.seed, seedHash: seed.hash },
        prizes.map((p) => ({ ...p, kind: p.kind as CommittedPrize['kind'] })),
      );
      if (drawnCount && drawnCount > 0) sales.push({ packId, packs: drawnCount, point: pack.row.price });
    }

    await tx.insert(pointCourses).values(plan.courses);
    await tx.insert(exchangeCards).values(
      plan.exchangeCards.map((card) => ({
        ...card.row,
        cardTypeId: typeId(card.cardType),
      })),
    );
    await tx.insert(banners).values(
      plan.banners.map((banner) => ({
        ...banner.row,
        url: `/pack-detail?packId=${packIds.get(banner.pack)}`,
      })),
    );

    return {
      seeded: true,
      cardTypes: plan.cardTypes.length,
      packs: plan.packs.length,
      prizes: prizeCount,
      courses: plan.courses.length,
      exchangeCards: plan.exchangeCards.length,
      banners: plan.banners.length,
      packsSold: 0,
      sales,
      onSaleFrom,
    };
  });

  const { sales = [], onSaleFrom = now, ...counts } = result as SeedDemoResult & { sales?: DemoSale[]; onSaleFrom?: Date };
  if (!counts.seeded) return counts;
  // The commitments are published (a signed head covers them) before the sales start.
  await signHeadIfGrown(db, fairness.signer);
  // The demo banners are images, so the banner area is the slider.
  await setBannerMode(db, BANNER_MODE.slider);
  if (sales.length > 0) {
    const wait = onSaleFrom.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await sellDemoLots(db, fairness, sales);
  }
  return { ...counts, packsSold: sales.reduce((n, sale) => n + sale.packs, 0) };
}
