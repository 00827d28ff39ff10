import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { freeDraws } from '../../db/schema/gacha.ts';

/** Whether the purchase was a free daily draw (decision 056): its cards convert as 'free_draw_conversion'. */
export async function isFreeDraw(db: DbOrTx, purchaseId: number): Promise<boolean> {
  const [row] = await db.select({ id: freeDraws.id }).from(freeDraws).where(eq(freeDraws.purchaseId, purchaseId));
  return row !== undefined;
}
