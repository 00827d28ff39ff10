import {
  ALL_CARD_TYPES,
  BANNER_MODE,
  PACK_CARDS_PER_PAGE,
  PACKS_PER_PAGE,
  type BannerList,
  type CardType,
  type Pack,
  type PackCard,
  type PackDetail,
  type PaymentMethod,
  type Pref,
} from '@oripa/contract/catalog';
import type { Lang } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { saveSessionData, type Session } from '../sessions/sessions.service.ts';
import { bannerMode } from '../settings/settings.service.ts';
import * as repo from './catalog.repo.ts';
import { packSnapshots } from './pack-snapshots.ts';
import { inLang } from '../../kernel/language.ts';
import { toPack, toPackCard, toPackDetail } from './pack-view.ts';

/** Card types in display order, named in the requester's language (Japanese where no English was written). */
export async function cardTypes(db: Db, lang: Lang = 'ja'): Promise<CardType[]> {
  const rows = await repo.listCardTypes(db);
  return rows.map((r) => ({ id: r.id, name: inLang(r.name, r.nameEn, lang) }));
}

/** The 47 prefectures, named in the requester's language. */
export async function prefectures(db: Db, lang: Lang): Promise<Pref[]> {
  const rows = await repo.listPrefectures(db);
  return rows.map((r) => ({ id: r.id, name: lang === 'en' ? r.nameEn : r.name }));
}

/** A banner file that is a video (the console stores uploads with their type's extension). */
const BANNER_VIDEO_FILE = /\.(mp4|webm)$/i;

/**
 * The top page's banners: the published ones in their period now, in the operator's order, of
 * the kind the banner area shows (images for the slider, videos in video mode), so a video never
 * lands in an image slider.
 */
export async function banners(db: Db, now: Date = new Date()): Promise<BannerList> {
  const [mode, rows] = await Promise.all([bannerMode(db), repo.listActiveBanners(db, now)]);
  const list = rows.filter((r) => BANNER_VIDEO_FILE.test(r.fileName) === (mode === BANNER_MODE.video));
  return { mode, list: list.map((r) => ({ file_name: r.fileName, url: r.url })) };
}

/** Every pack on sale or coming, optionally only those paid one way. */
export async function packList(db: Db, now: Date, paymentMethod?: PaymentMethod, lang: Lang = 'ja'): Promise<Pack[]> {
  const rows = await repo.listVisiblePacks(db, now, paymentMethod);
  const [top, ranks] = await Promise.all([repo.topLotPrizes(db, rows.map((r) => r.id)), repo.rankNamesOf(db, rows)]);
  return rows.map((r) => toPack(r, now, lang, top.get(r.id), ranks));
}

/** One page of packs of a card type (0: all types). */
export async function packPage(
  db: Db,
  now: Date,
  cardTypeId: number,
  page: number,
  lang: Lang = 'ja',
): Promise<{ list: Pack[]; page: PageInfo }> {
  if (cardTypeId !== ALL_CARD_TYPES && !(await repo.cardTypeExists(db, cardTypeId))) {
    throw AppError.field('type', 'card_type.not_found');
  }
  const { rows, total } = await repo.pageVisiblePacks(db, now, cardTypeId, (page - 1) * PACKS_PER_PAGE, PACKS_PER_PAGE);
  const [top, ranks] = await Promise.all([repo.topLotPrizes(db, rows.map((r) => r.id)), repo.rankNamesOf(db, rows)]);
  return { list: rows.map((r) => toPack(r, now, lang, top.get(r.id), ranks)), page: pageInfo(page, total, PACKS_PER_PAGE) };
}

/**
 * How many packs of a pack with a per-member limit of `limit` the member may still buy (all of
 * it for a visitor, userId null). The purchases are the gacha module's, above catalog in the
 * layers (decision 038): app.ts gives gacha's count as AppContext.memberAllowance.
 */
export type MemberAllowance = (db: Db, userId: number | null, packId: number, limit: number) => Promise<number>;

declare module '../../http/context.ts' {
  interface AppContext {
    /** What a member may still buy of a limited pack (catalog.service.ts, MemberAllowance). */
    memberAllowance: MemberAllowance;
  }
}

/**
 * One visible pack. For a pack with a per-member limit, member_remaining is what `userId` may
 * still buy of it (the whole limit for a visitor, userId null), so the page never offers more.
 * The pack's row comes from this instance's snapshots (pack-snapshots.ts): watchers polling a
 * pack during a sale cost a read per purchase batch, not one each.
 */
export async function packDetail(db: Db, now: Date, packId: number, userId: number | null, lang: Lang, memberAllowance: MemberAllowance): Promise<PackDetail> {
  const row = await packSnapshots(db).read(packId, now, () => repo.findVisiblePack(db, now, packId));
  if (!row) throw AppError.field('pack_id', 'pack.not_found');
  const allowance = row.limitPerMember > 0 ? await memberAllowance(db, userId, packId, row.limitPerMember) : null;
  return toPackDetail(row, now, allowance, lang, await repo.rankNamesOf(db, [row]));
}

/**
 * A pack as a member or visitor views it (the detail API, the server-drawn pack page), and for a
 * member the session notes it: the pack a later check or buy means when its payload names none
 * (design decision 1).
 */
export async function viewPackDetail(
  db: Db,
  now: Date,
  packId: number,
  session: Session | undefined,
  lang: Lang,
  memberAllowance: MemberAllowance,
): Promise<PackDetail> {
  const userId = session?.userId ?? null;
  const pack = await packDetail(db, now, packId, userId, lang, memberAllowance);
  if (session && userId !== null && session.data.packId !== pack.id) await saveSessionData(db, session, { packId: pack.id });
  return pack;
}

/** One page of a pack's lineup; empty when the operator hides the lineup. */
export async function packCardPage(
  db: Db,
  now: Date,
  packId: number,
  page: number,
  lang: Lang = 'ja',
): Promise<{ list: PackCard[]; page: PageInfo }> {
  const pack = await repo.findVisiblePack(db, now, packId);
  if (!pack) throw AppError.field('pack_id', 'pack.not_found');
  if (!pack.showCardlist) return { list: [], page: pageInfo(1, 0, PACK_CARDS_PER_PAGE) };
  const { rows, total } = await repo.pagePackPrizes(db, packId, (page - 1) * PACK_CARDS_PER_PAGE, PACK_CARDS_PER_PAGE);
  return { list: rows.map((r) => toPackCard(r, lang)), page: pageInfo(page, total, PACK_CARDS_PER_PAGE) };
}

/** Whether a pack of this id exists (published or not): other modules remember pack ids by it. */
export function packExists(db: DbOrTx, packId: number): Promise<boolean> {
  return repo.packExists(db, packId);
}

/** The card type of a pack, for the reveal of its purchases. */
export function cardTypeOfPack(db: DbOrTx, packId: number): Promise<number | undefined> {
  return repo.cardTypeOfPack(db, packId);
}
