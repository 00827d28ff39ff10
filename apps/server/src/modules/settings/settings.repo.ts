import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/settings.ts';

export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row ? (row.value as T) : undefined;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Stores `value` only when the key is absent, then returns whatever is stored (race-safe). */
export async function readOrInitSetting<T>(db: DbOrTx, key: string, value: T): Promise<T> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  return (await readSetting<T>(db, key)) as T;
}
