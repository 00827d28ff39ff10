import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { mailPreferences, setMailPreferences } from './mail-preferences.service.ts';

/** The member info page's mail switches: always the session's member. */
export default async function mailPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.mailPreferences, async ({ app, userId }) => ({
    preferences: await mailPreferences(app.db, userId),
  }));

  r.handle(apiRoutes.mailPreferencesSave, async ({ app, userId, payload }) => ({
      preferences: await setMailPreferences(app.db, userId, payload.off),
    }),
  );
}
