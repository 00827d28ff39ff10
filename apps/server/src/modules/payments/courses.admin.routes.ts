import { adminCourseListResponse, adminCourseResponse, coursePayload, courseRetirePayload } from '@oripa/contract/admin-shop-settings';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { listCourses, retireCourse, saveCourse } from './courses-admin.service.ts';

/** Point courses in the console: list, create or edit (bonus points included), retire. */
export default async function coursesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/courses', 'catalog.write', { response: adminCourseListResponse }, async ({ app }) => ({ courses: await listCourses(app.db) }));

  r.post('/admin/courses/save', 'catalog.write', { payload: coursePayload, response: adminCourseResponse }, async ({ app, actor, payload }) => {
    const { course_id, ...input } = payload;
    return { course: await saveCourse(app.db, course_id, input, actor) };
  });

  r.post('/admin/courses/retire', 'catalog.write', { payload: courseRetirePayload, response: adminCourseResponse }, async ({ app, actor, payload }) => ({
    course: await retireCourse(app.db, payload.course_id, actor, new Date()),
  }));
}
