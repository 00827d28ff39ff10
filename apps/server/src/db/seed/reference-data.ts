import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { prefectures, ranks } from '../schema/catalog.ts';
import { rankIcon } from '../../media/rank-icon.ts';
import { addMissingMedia, MEDIA_ID, mediaIdsStartingWith } from '../../modules/media/media.repo.ts';
import { saveMediaFile } from '../../modules/media/media.service.ts';
import { artFiles, shortcutIconSources } from './art-files.ts';
import { PREFECTURES, RANKS } from './prefectures.ts';

export const SVG_CONTENT_TYPE = 'image/svg+xml';

/** The media id of a rank's icon; the web shows /media/rank-<code>.svg. */
export function rankIconId(code: string): string {
  return `rank-${code}.svg`;
}

/**
 * Makes sure the reference data exists: the 47 prefectures, the member ranks and their icons,
 * and the shortcut icons of the top page.
 * Runs on every start. Prefectures follow the code; an existing rank is left as the operator
 * tuned it (thresholds, coins) and an existing icon as uploaded, only what is missing is added.
 * Rows are rewritten only when they differ, so a second run writes nothing.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(prefectures)
      .values(PREFECTURES.map(([name, nameEn], i) => ({ id: i + 1, name, nameEn })))
      .onConflictDoUpdate({
        target: prefectures.id,
        set: { name: sql`excluded.name`, nameEn: sql`excluded.name_en` },
        setWhere: sql`${prefectures.name} is distinct from excluded.name or ${prefectures.nameEn} is distinct from excluded.name_en`,
      });
    await tx
      .insert(ranks)
      .values([...RANKS])
      .onConflictDoNothing({ target: ranks.code });
    // Every rank gets an icon, also ranks an operator added; an uploaded icon is kept.
    const codes = await tx.select({ code: ranks.code }).from(ranks);
    await addMissingMedia(
      tx,
      codes
        .filter(({ code }) => MEDIA_ID.test(rankIconId(code)))
        .map(({ code }) => ({
          id: rankIconId(code),
          contentType: SVG_CONTENT_TYPE,
          body: rankIcon(code),
        })),
    );
    // Icons of the top page's default link bar (config SISTER_SITES), as files rendered from their
    // drawings (art-files.ts); one an operator replaced stays.
    const present = new Set(await mediaIdsStartingWith(tx, 'icon-'));
    for (const icon of artFiles(shortcutIconSources())) {
      if (!present.has(icon.id)) await saveMediaFile(tx, icon.id, icon.contentType, icon.data);
    }
  });
}
