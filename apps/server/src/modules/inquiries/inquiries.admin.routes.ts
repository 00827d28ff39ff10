import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { inquiryFormEnabled, switchInquiryForm } from '../settings/settings.service.ts';
import { attachmentDataUrl } from './inquiry-files.ts';
import { attachmentFor, inbox, operatorReply, operatorThread, updateInquiry } from './inquiries.service.ts';

/** The console's inquiry inbox (decision 052): read by every role, answered by owner and support; audited. */
export default async function inquiriesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminInquiries, async ({ app, operator, query }) => inbox(app.db, operator.id, query));

  r.handle(apiRoutes.adminInquiriesById, async ({ app, params }) => operatorThread(app.db, params.id));

  r.handle(apiRoutes.adminInquiriesFile, async ({ app, params }) => {
    const file = await attachmentFor(app.db, params.id, null);
    return { content_type: file.contentType, data_url: await attachmentDataUrl(app.db, app.config, file.contentType, file.blob) };
  });

  r.handle(apiRoutes.adminInquiriesReply, async ({ app, operator, actor, payload }) =>
    operatorReply(app.db, { ...actor, operatorId: operator.id }, { inquiryId: payload.inquiry_id, body: payload.body, internal: payload.internal, status: payload.status }),
  );

  r.handle(apiRoutes.adminInquiriesUpdate, async ({ app, actor, payload }) =>
    updateInquiry(app.db, actor, { inquiryId: payload.inquiry_id, status: payload.status, assigneeId: payload.assignee_id }),
  );

  r.handle(apiRoutes.adminInquiriesSettings, async ({ app, actor, payload }) => {
    await switchInquiryForm(app.db, payload.enabled, actor);
    return { enabled: await inquiryFormEnabled(app.db) };
  });
}
