import {
  CARRIER_IDS,
  CARRIER_NAMES,
  COMBINI_CODES,
  COMBINI_NAMES,
  PAY_ID,
  PAY_METHOD_TEXTS,
  POINT_COURSES_PER_PAGE,
  taxIncluded,
  type PayId,
  type PayMethod,
  type PointCourse,
} from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { saveSessionData, type Session } from '../sessions/sessions.service.ts';

import { packExists } from '../catalog/catalog.service.ts';
import * as repo from './courses.repo.ts';

export type CourseRow = repo.CourseRow;

/** A course as the API shows it: strings, the price tax included with its tax. */
export function toCourse(row: CourseRow): PointCourse {
  return {
    id: String(row.id),
    point: String(row.point),
    price: String(row.price),
    tax: String(taxIncluded(row.price)),
    memo: row.memo,
    bonus_point: String(row.bonusPoint),
    name_en: row.nameEn,
  };
}

/**
 * The points a payment of the course credits: its points and its bonus, as paid points in one
 * ledger row. A payment copies this when it is made, so a later edit of the course never
 * changes what an earlier payment credits.
 */
export function creditedPoints(row: CourseRow): number {
  return row.point + row.bonusPoint;
}

/** GET /user/point_price/{page}: active courses in the operator's order. */
export async function coursePage(db: Db, page: number): Promise<{ list: PointCourse[]; page: PageInfo }> {
  const { rows, total } = await repo.pageActiveCourses(db, POINT_COURSES_PER_PAGE, (page - 1) * POINT_COURSES_PER_PAGE);
  return { list: rows.map(toCourse), page: pageInfo(page, total, POINT_COURSES_PER_PAGE) };
}

/** The active courses on sale (the first hundred, in the operator's order): a coupon check prices each. */
export async function activeCourses(db: Db): Promise<CourseRow[]> {
  return (await repo.pageActiveCourses(db, 100, 0)).rows;
}

/** An active course by id. */
export function findActiveCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  return repo.findActiveCourse(db, id);
}

/**
 * GET /user/point_price/detail/{id}: one active course. The session remembers it for the calls
 * that name no course (design decision 1), and the pack the member came from, or forgets it.
 */
export async function openCourse(db: Db, session: Session, id: number, packId: number | undefined): Promise<PointCourse> {
  const row = await findActiveCourse(db, id);
  if (!row) throw AppError.field('point_price', 'payment.course_not_found');
  // A visitor sees the course; nothing is remembered until they log in (the route guard sends them there).
  if (session.userId === null) return toCourse(row);
  const pointPackId = packId !== undefined && (await packExists(db, packId)) ? packId : null;
  if (session.data.pointPriceId !== row.id || session.data.pointPackId !== pointPackId) {
    await saveSessionData(db, session, { pointPriceId: row.id, pointPackId });
  }
  return toCourse(row);
}

/** The course a payment call means: the one it names, else the one last opened. */
export async function resolveCourse(db: Db, session: Session, named: number | undefined): Promise<CourseRow> {
  const id = named ?? session.data.pointPriceId;
  if (!id) throw AppError.field('point_price', 'payment.course_required');
  const row = await findActiveCourse(db, id);
  if (!row) throw AppError.field('point_price', 'payment.course_not_found');
  return row;
}

/** The methods offered, in the configured order, with their chain or carrier choices. */
export function payMethods(config: Config, lang: Lang): PayMethod[] {
  return (config.PAYMENT_METHODS as PayId[]).map((id) => {
    const texts = PAY_METHOD_TEXTS[id];
    const options =
      id === PAY_ID.combini
        ? COMBINI_CODES.map((code) => ({ code, name: COMBINI_NAMES[code][lang] }))
        : id === PAY_ID.carrier
          ? CARRIER_IDS.map((code) => ({ code, name: CARRIER_NAMES[code][lang] }))
          : [];
    return { id: String(id), name: texts.name[lang], memo: texts.memo[lang], options };
  });
}

/** GET /user/pay_style: the current course's points and price and the methods offered. */
export async function payStyle(db: Db, config: Config, session: Session, named: number | undefined, lang: Lang) {
  const course = toCourse(await resolveCourse(db, session, named));
  return { point: course.point, bonus_point: course.bonus_point, price: course.price, tax: course.tax, methods: payMethods(config, lang) };
}
