import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { listCourses, retireCourse, saveCourse } from './courses-admin.service.ts';

/** Point courses in the console: list, create or edit (bonus points included), retire. */
export default async function coursesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminCourses, async ({ app }) => ({ courses: await listCourses(app.db) }));

  r.handle(apiRoutes.adminCoursesSave, async ({ app, actor, payload }) => {
    const { course_id, ...input } = payload;
    return { course: await saveCourse(app.db, course_id, input, actor) };
  });

  r.handle(apiRoutes.adminCoursesRetire, async ({ app, actor, payload }) => ({
    course: await retireCourse(app.db, payload.course_id, actor, new Date()),
  }));
}
