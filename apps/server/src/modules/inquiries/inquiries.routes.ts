import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { acceptInquiryFiles, attachmentDataUrl, inquiryFiles } from './inquiry-files.ts';
import { attachmentFor, createInquiry, memberInquiryList, memberReply, memberThread } from './inquiries.service.ts';

/** A member's inquiries (decision 052): send, list, read the thread, reply, see an attachment. */
export default async function inquiryRoutes(app: FastifyInstance): Promise<void> {
  await acceptInquiryFiles(app);
  const r = routes(app);

  r.handle(apiRoutes.inquiryList, async ({ app, userId }) => memberInquiryList(app.db, userId));

  r.handle(apiRoutes.inquiryCreate, async ({ app, request, userId, payload }) =>
    createInquiry(app.db, userId, {
      category: payload.category,
      subject: payload.subject,
      body: payload.body,
      purchaseId: payload.purchase_id ?? null,
      files: inquiryFiles(request),
    }),
  );

  r.handle(apiRoutes.inquiryDetail, async ({ app, userId, params }) => memberThread(app.db, userId, params.id));

  r.handle(apiRoutes.inquiryReply, async ({ app, request, userId, payload }) =>
    memberReply(app.db, userId, { inquiryId: payload.inquiry_id, body: payload.body, files: inquiryFiles(request) }),
  );

  r.handle(apiRoutes.inquiryFile, async ({ app, userId, params }) => {
    const file = await attachmentFor(app.db, params.id, userId);
    return { content_type: file.contentType, data_url: await attachmentDataUrl(app.db, app.config, file.contentType, file.blob) };
  });
}
