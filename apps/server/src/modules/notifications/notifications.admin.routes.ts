import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { listOutbox } from './notifications.service.ts';

/** The outbox of mails and SMS in the console, read-only. */
export default async function notificationsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminOutbox, async ({ app, query }) => {
    const to = query.to ? (query.to.includes('@') ? query.to.toLowerCase() : query.to) : undefined;
    const entries = await listOutbox(app.db, { to, limit: query.limit });
    return {
      entries: entries.map((e) => ({
        id: e.id,
        channel: e.channel === 'sms' ? ('sms' as const) : ('mail' as const),
        to: e.to,
        subject: e.subject,
        body: e.body,
        created_at: e.createdAt,
        kind: e.kind,
        state: e.state,
        attempts: e.attempts,
        last_error: e.lastError,
      })),
    };
  });
}
