import { currentUserResponse } from '@oripa/contract/user';
import { emptyResponse } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { endSession } from '../../http/session.ts';
import { currentUser } from './users.service.ts';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.get('/user/point', { response: currentUserResponse }, async ({ app, request, session }) =>
    currentUser(app.db, session.userId, request.lang),
  );

  /** Ends the session; the browser keeps a fresh visitor cookie. */
  r.get('/user/logout', { response: emptyResponse }, async ({ app, request, reply, session }) => {
    request.session = await endSession(app.db, reply, session, app.cookie);
    return {};
  });
}
