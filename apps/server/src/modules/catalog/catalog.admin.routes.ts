import {
  cardTypeAdminListResponse,
  cardTypeAdminResponse,
  cardTypeSavePayload,
  detailPreviewPayload,
  detailPreviewResponse,
  imageUploadResponse,
  packAdminResponse,
  packCreatePayload,
  packIdParams,
  packListQuery,
  packListResponse,
  packSalePayload,
  packUpdatePayload,
} from '@oripa/contract/admin-catalog';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { acceptUploads, IMAGE_UPLOAD, storeUpload, uploadedFile } from '../media/upload.ts';
import {
  browsePacks,
  cardTypesForConsole,
  changeSale,
  createPackFromConsole,
  packDetailForConsole,
  saveCardType,
  updatePackFromConsole,
} from './catalog-admin.service.ts';
import { sanitizeDetail } from './sanitize-detail.ts';

/** The console's catalogue: card types, packs and their lots, sale actions, image uploads. */
export default async function catalogAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  await acceptUploads(app, 'catalog.write');

  r.get('/admin/card_types', 'catalog.write', { response: cardTypeAdminListResponse }, async ({ app }) => ({
    card_types: await cardTypesForConsole(app.db),
  }));

  r.post('/admin/card_types/save', 'catalog.write', { payload: cardTypeSavePayload, response: cardTypeAdminResponse }, async ({ app, actor, payload }) => ({
    card_type: await saveCardType(app.db, payload, actor),
  }));

  r.get('/admin/packs', 'catalog.write', { query: packListQuery, response: packListResponse }, async ({ app, query }) => browsePacks(app.db, query));

  r.get('/admin/packs/:id', 'catalog.write', { params: packIdParams, response: packAdminResponse }, async ({ app, params }) => ({
    pack: await packDetailForConsole(app.db, params.id),
  }));

  r.post('/admin/packs/create', 'catalog.write', { payload: packCreatePayload, response: packAdminResponse }, async ({ app, actor, payload }) => ({
    pack: await createPackFromConsole(app.db, app.fairness, payload, actor),
  }));

  r.post('/admin/packs/update', 'catalog.write', { payload: packUpdatePayload, response: packAdminResponse }, async ({ app, actor, payload }) => ({
    pack: await updatePackFromConsole(app.db, payload, actor),
  }));

  r.post('/admin/packs/sale', 'catalog.write', { payload: packSalePayload, response: packAdminResponse }, async ({ app, actor, payload }) => ({
    pack: await changeSale(app.db, payload, actor),
  }));

  // The server's sanitizer is the truth: the preview shows exactly what the shop will serve.
  r.post('/admin/packs/preview', 'catalog.write', { payload: detailPreviewPayload, response: detailPreviewResponse }, async ({ payload }) => ({
    html: sanitizeDetail(payload.detail),
  }));

  r.post('/admin/media/image', 'catalog.write', { response: imageUploadResponse }, async ({ app, actor, request }) => {
    const file = uploadedFile(request, IMAGE_UPLOAD);
    const url = await storeUpload(app.db, app.config, 'upload', file, (tx, stored) =>
      recordAudit(tx, actor, { action: 'media.upload', target: stored, after: { type: file.contentType, bytes: file.blob.byteSize } }),
    );
    return { url };
  });
}
