import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { endSession } from '../../http/session.ts';
import { currentUser } from './users.service.ts';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  // Polled by every open tab: the session is read in the same statement as the member. Without a
  // cookie (a fresh one was just issued) it is a visitor, and the database is not asked.
  r.handle(apiRoutes.userPoint, async ({ app, request, sessionKey }) =>
    currentUser(app.db, request.session.deferred ? sessionKey : null, request.lang),
  );

  /** Ends the session; the browser keeps a fresh visitor cookie. */
  r.handle(apiRoutes.logout, async ({ app, request, reply, session }) => {
    request.session = await endSession(app.db, reply, session, app.cookie);
    return {};
  });
}
