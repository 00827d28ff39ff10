import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banners } from '../../db/schema/catalog.ts';

export type BannerRow = typeof banners.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, 'id'>;

/** Every banner, published or not, in the shop's order. */
export function listBanners(db: DbOrTx): Promise<BannerRow[]> {
  return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
}

export async function lockBanner(tx: DbOrTx, id: number): Promise<BannerRow | undefined> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}

export async function insertBanner(tx: DbOrTx, values: BannerValues): Promise<BannerRow> {
  const [row] = await tx.insert(banners).values(values).returning();
  return row as BannerRow;
}

export async function updateBanner(tx: DbOrTx, id: number, values: BannerValues): Promise<BannerRow> {
  const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
  return row as BannerRow;
}

export async function deleteBanner(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(banners).where(eq(banners.id, id));
}
