import type { AdminCourse } from '@oripa/contract/admin-shop-settings';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './courses-admin.repo.ts';

/**
 * Point courses in the console. Payments copy a course's points and price when they are made
 * (payments.point, payments.amount), so an edit changes only what later payments get; a course
 * with payments is retired, never deleted.
 */

export interface CourseInput {
  point: number;
  bonus_point: number;
  price: number;
  memo: string;
  name_en: string;
  sort: number;
  published: boolean;
}

function toAdminCourse({ row, payments }: { row: repo.CourseRow; payments: number }): AdminCourse {
  return {
    id: row.id,
    point: row.point,
    bonus_point: row.bonusPoint,
    price: row.price,
    memo: row.memo,
    name_en: row.nameEn,
    sort: row.sort,
    published: row.active,
    retired: row.retiredAt !== null,
    payments,
  };
}

/** What the audit log keeps of a course: the fields an operator sets. */
function audited(row: repo.CourseRow) {
  return { point: row.point, bonus_point: row.bonusPoint, price: row.price, memo: row.memo, name_en: row.nameEn, sort: row.sort, published: row.active };
}

function valuesOf(input: CourseInput): repo.CourseValues {
  return { point: input.point, bonusPoint: input.bonus_point, price: input.price, memo: input.memo, nameEn: input.name_en, sort: input.sort, active: input.published };
}

/** Every course, in the shop's order, retired ones included (the console shows them apart). */
export async function listCourses(db: Db): Promise<AdminCourse[]> {
  return (await repo.listCoursesWithPayments(db)).map(toAdminCourse);
}

async function courseById(db: Db, id: number): Promise<AdminCourse> {
  const [row] = await repo.listCoursesWithPayments(db, id);
  if (!row) throw AppError.field('course_id', 'shop_settings.not_found');
  return toAdminCourse(row);
}

/** Creates a course (no id) or edits one that is not retired; audited in the same transaction. */
export async function saveCourse(db: Db, id: number | undefined, input: CourseInput, actor: Actor): Promise<AdminCourse> {
  const savedId = await db.transaction(async (tx) => {
    if (id === undefined) {
      const newId = await repo.insertCourse(tx, valuesOf(input));
      await recordAudit(tx, actor, { action: 'course.create', target: `course:${newId}`, after: input });
      return newId;
    }
    const before = await repo.lockCourse(tx, id);
    if (!before) throw AppError.field('course_id', 'shop_settings.not_found');
    if (before.retiredAt) throw AppError.field('course_id', 'shop_settings.course_retired');
    await repo.updateCourse(tx, id, valuesOf(input));
    await recordAudit(tx, actor, { action: 'course.update', target: `course:${id}`, before: audited(before), after: input });
    return id;
  });
  return courseById(db, savedId);
}

/** Retires a course for good: the shop stops offering it; its payments keep their amounts. */
export async function retireCourse(db: Db, id: number, actor: Actor, now: Date): Promise<AdminCourse> {
  await db.transaction(async (tx) => {
    const before = await repo.lockCourse(tx, id);
    if (!before) throw AppError.field('course_id', 'shop_settings.not_found');
    if (before.retiredAt) return;
    await repo.updateCourse(tx, id, { retiredAt: now, active: false });
    await recordAudit(tx, actor, { action: 'course.retire', target: `course:${id}`, before: audited(before), after: { retired: true } });
  });
  return courseById(db, id);
}
