import { mailPreferencesPayload, mailPreferencesResponse } from '@oripa/contract/mail-preferences';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { mailPreferences, setMailPreferences } from './mail-preferences.service.ts';

/** The member info page's mail switches: always the session's member. */
export default async function mailPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberGet('/user/mail_preferences', { response: mailPreferencesResponse }, async ({ app, userId }) => ({
    preferences: await mailPreferences(app.db, userId),
  }));

  r.memberPost(
    '/user/mail_preferences',
    { payload: mailPreferencesPayload, response: mailPreferencesResponse },
    async ({ app, userId, payload }) => ({
      preferences: await setMailPreferences(app.db, userId, payload.off),
    }),
  );
}
