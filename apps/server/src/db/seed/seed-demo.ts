import { BANNER_MODE } from '@oripa/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { banners, cardTypes, exchangeCards, packPrizes, packs, pointCourses } from '../schema/catalog.ts';
import { putManyMedia } from '../../modules/media/media.repo.ts';
import { setBannerMode } from '../../modules/settings/settings.service.ts';
import { planDemo } from './demo-plan.ts';

export interface SeedDemoResult {
  seeded: boolean;
  cardTypes: number;
  packs: number;
  prizes: number;
  courses: number;
  exchangeCards: number;
  banners: number;
}

const NOT_SEEDED: SeedDemoResult = {
  seeded: false,
  cardTypes: 0,
  packs: 0,
  prizes: 0,
  courses: 0,
  exchangeCards: 0,
  banners: 0,
};

/**
 * Fills an empty shop with the demo catalogue: card types, packs with their lots and art, point
 * courses, exchange cards and banners, all in one transaction. Does nothing when any pack exists.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedDemoResult> {
  const [existing] = await db.select({ id: packs.id }).from(packs).limit(1);
  if (existing) return { ...NOT_SEEDED };

  // Rendering the art is pure work: do it before the transaction holds anything.
  const plan = planDemo(now);

  const result = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oripa:seed-demo'))`);
    const [again] = await tx.select({ id: packs.id }).from(packs).limit(1);
    if (again) return { ...NOT_SEEDED };

    await putManyMedia(tx, plan.media);

    const typeIds = new Map<string, number>();
    for (const type of plan.cardTypes) {
      const [row] = await tx
        .insert(cardTypes)
        .values({ name: type.name, sort: type.sort })
        .returning({ id: cardTypes.id });
      typeIds.set(type.key, row!.id);
    }
    const typeId = (key: string): number => {
      const id = typeIds.get(key);
      if (id === undefined) throw new Error(`demo catalogue names an unknown card type ${key}`);
      return id;
    };

    const packIds = new Map<string, number>();
    const prizeRows: (typeof packPrizes.$inferInsert)[] = [];
    for (const pack of plan.packs) {
      const [row] = await tx
        .insert(packs)
        .values({ ...pack.row, cardTypeId: typeId(pack.cardType) })
        .returning({ id: packs.id });
      packIds.set(pack.key, row!.id);
      for (const prize of pack.prizes) prizeRows.push({ ...prize, packId: row!.id });
    }
    await tx.insert(packPrizes).values(prizeRows);

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
      prizes: prizeRows.length,
      courses: plan.courses.length,
      exchangeCards: plan.exchangeCards.length,
      banners: plan.banners.length,
    };
  });

  // The demo banners are images, so the banner area is the slider.
  if (result.seeded) await setBannerMode(db, BANNER_MODE.slider);
  return result;
}
