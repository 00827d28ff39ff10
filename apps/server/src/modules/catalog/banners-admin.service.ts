import type { AdminBanner } from '@oripa/contract/admin-shop-settings';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { bannerMode, setBannerMode } from '../settings/settings.service.ts';
import * as repo from './banners-admin.repo.ts';

/**
 * Top-page banners in the console: the media (an image for the slider, a video in video mode),
 * a link, the order and a period; the shop shows the published ones whose period holds now
 * (catalog.service banners()). Banners are referenced by nothing, so removing one deletes it;
 * the audit log keeps what it was.
 */

/** A banner as the operator saves it: the console's banner without its id. */
export type BannerInput = Omit<AdminBanner, 'id'>;

function toAdminBanner(row: repo.BannerRow): AdminBanner {
  return {
    id: row.id,
    file_name: row.fileName,
    url: row.url,
    sort: row.sort,
    published: row.active,
    start_at: row.startAt?.toISOString() ?? null,
    end_at: row.endAt?.toISOString() ?? null,
  };
}

function valuesOf(input: BannerInput): repo.BannerValues {
  return {
    fileName: input.file_name,
    url: input.url,
    sort: input.sort,
    active: input.published,
    startAt: input.start_at === null ? null : new Date(input.start_at),
    endAt: input.end_at === null ? null : new Date(input.end_at),
  };
}

/** Every banner and the banner area's mode. */
export async function listBanners(db: Db): Promise<{ banners: AdminBanner[]; mode: number }> {
  const [rows, mode] = await Promise.all([repo.listBanners(db), bannerMode(db)]);
  return { banners: rows.map(toAdminBanner), mode };
}

/** Creates a banner (no id) or edits one; audited in the same transaction. */
export async function saveBanner(db: Db, id: number | undefined, input: BannerInput, actor: Actor): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    if (id === undefined) {
      const row = await repo.insertBanner(tx, valuesOf(input));
      await recordAudit(tx, actor, { action: 'banner.create', target: `banner:${row.id}`, after: input });
      return toAdminBanner(row);
    }
    const before = await repo.lockBanner(tx, id);
    if (!before) throw AppError.field('banner_id', 'shop_settings.not_found');
    const row = await repo.updateBanner(tx, id, valuesOf(input));
    await recordAudit(tx, actor, { action: 'banner.update', target: `banner:${id}`, before: toAdminBanner(before), after: input });
    return toAdminBanner(row);
  });
}

/** Removes a banner; the audit entry keeps what it was. */
export async function removeBanner(db: Db, id: number, actor: Actor): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const before = await repo.lockBanner(tx, id);
    if (!before) throw AppError.field('banner_id', 'shop_settings.not_found');
    await repo.deleteBanner(tx, id);
    await recordAudit(tx, actor, { action: 'banner.remove', target: `banner:${id}`, before: toAdminBanner(before) });
    return toAdminBanner(before);
  });
}

/** Switches the banner area between the image slider (1) and a video (2); audited. */
export async function changeBannerMode(db: Db, mode: 1 | 2, actor: Actor): Promise<number> {
  const before = await bannerMode(db);
  await db.transaction(async (tx) => {
    await setBannerMode(tx, mode);
    await recordAudit(tx, actor, { action: 'banner.mode', target: 'banner_mode', before: { mode: before }, after: { mode } });
  });
  return mode;
}
