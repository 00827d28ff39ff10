import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pointCourses } from '../../db/schema/catalog.ts';

export type CourseRow = typeof pointCourses.$inferSelect;
export type CourseValues = Pick<typeof pointCourses.$inferInsert, 'point' | 'bonusPoint' | 'price' | 'memo' | 'nameEn' | 'sort' | 'active'>;

/** Every course, retired ones too, with how many payments were made with it. */
export function listCoursesWithPayments(db: DbOrTx, onlyId?: number) {
  return db
    .select({
      row: pointCourses,
      // Spelled out: inside a select list drizzle writes columns unqualified, and `id` would mean payments.id.
      payments: sql<number>`(select count(*) from payments p where p.course_id = point_courses.id)::int`,
    })
    .from(pointCourses)
    .where(onlyId === undefined ? undefined : eq(pointCourses.id, onlyId))
    .orderBy(asc(pointCourses.sort), asc(pointCourses.id));
}

/** Locks a course's row for an edit; undefined when there is none. */
export async function lockCourse(tx: DbOrTx, id: number): Promise<CourseRow | undefined> {
  const [row] = await tx.select().from(pointCourses).where(eq(pointCourses.id, id)).for('update');
  return row;
}

export async function insertCourse(tx: DbOrTx, values: CourseValues): Promise<number> {
  const [row] = await tx.insert(pointCourses).values(values).returning({ id: pointCourses.id });
  return (row as { id: number }).id;
}

export async function updateCourse(tx: DbOrTx, id: number, values: Partial<CourseValues> & { retiredAt?: Date }): Promise<void> {
  await tx.update(pointCourses).set(values).where(eq(pointCourses.id, id));
}
