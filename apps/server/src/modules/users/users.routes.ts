import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { endSession } from '../../http/session.ts';
import { currentUser } from './users.service.ts';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.get('/user/point', {}, async ({ app, request, session }) =>
    currentUser(app.db, session.userId, request.lang),
  );

  /** Ends the session; the browser keeps a fresh visitor cookie. */
  r.get('/user/logout', {}, async ({ app, request, reply, session }) => {
    request.session = await endSession(app.db, reply, session, app.cookie);
    return {};
  });
}
