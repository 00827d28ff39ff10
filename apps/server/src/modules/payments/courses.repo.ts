import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pointCourses } from '../../db/schema/catalog.ts';

export type CourseRow = typeof pointCourses.$inferSelect;

/** Courses the shop offers: published and not retired. */
const OFFERED = and(eq(pointCourses.active, true), isNull(pointCourses.retiredAt));

/** One page of the active courses in the operator's order, and how many there are. */
export async function pageActiveCourses(db: DbOrTx, limit: number, offset: number): Promise<{ rows: CourseRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(pointCourses)
      .where(OFFERED)
      .orderBy(asc(pointCourses.sort), asc(pointCourses.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(pointCourses).where(OFFERED),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findActiveCourse(db: DbOrTx, id: number): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(pointCourses)
    .where(and(eq(pointCourses.id, id), OFFERED));
  return row;
}
