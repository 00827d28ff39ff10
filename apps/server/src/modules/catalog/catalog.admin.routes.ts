import { apiRoutes } from '@oripa/contract/api-routes';
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
import { changeSaleOfMany, duplicatePack, exportLineup, importLineup, restockPack } from './catalog-scale.service.ts';
import { sanitizeDetail } from './sanitize-detail.ts';

/** The console's catalogue: card types, packs and their lots, sale actions, image uploads. */
export default async function catalogAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  await acceptUploads(app, 'catalog.write');

  r.handle(apiRoutes.adminCardTypes, async ({ app }) => ({
    card_types: await cardTypesForConsole(app.db),
  }));

  r.handle(apiRoutes.adminCardTypesSave, async ({ app, actor, payload }) => ({
    card_type: await saveCardType(app.db, payload, actor),
  }));

  r.handle(apiRoutes.adminPacks, async ({ app, query }) => browsePacks(app.db, query));

  r.handle(apiRoutes.adminPacksById, async ({ app, params }) => ({
    pack: await packDetailForConsole(app.db, params.id),
  }));

  // The role decides whether a reason may take a lot beyond the prize caps (owners only).
  r.handle(apiRoutes.adminPacksCreate, async ({ app, actor, operator, payload }) => ({
    pack: await createPackFromConsole(app.db, app.fairness, payload, actor, operator.role),
  }));

  r.handle(apiRoutes.adminPacksUpdate, async ({ app, actor, operator, payload }) => ({
    pack: await updatePackFromConsole(app.db, payload, actor, operator.role),
  }));

  r.handle(apiRoutes.adminPacksSale, async ({ app, actor, payload }) => ({
    pack: await changeSale(app.db, payload, actor),
  }));

  // The catalogue at scale (decision 050).
  r.handle(apiRoutes.adminPacksLineupFile, async ({ app, query }) => exportLineup(app.db, query.id, query.encoding));

  r.handle(apiRoutes.adminPacksLineupImport, async ({ app, actor, payload, request }) =>
    importLineup(app.db, app.fairness, Buffer.from(payload.file_base64, 'base64'), payload.payment_method, actor, request.lang),
  );

  r.handle(apiRoutes.adminPacksDuplicate, async ({ app, actor, payload }) => duplicatePack(app.db, app.fairness, payload.id, actor));

  r.handle(apiRoutes.adminPacksRestock, async ({ app, actor, operator, payload }) => ({
    pack: await restockPack(app.db, app.fairness, payload, actor, operator.role),
  }));

  r.handle(apiRoutes.adminPacksSaleBulk, async ({ app, actor, payload, request }) => changeSaleOfMany(app.db, payload, actor, request.lang));

  // The server's sanitizer is the truth: the preview shows exactly what the shop will serve.
  r.handle(apiRoutes.adminPacksPreview, async ({ payload }) => ({
    html: sanitizeDetail(payload.detail),
  }));

  r.handle(apiRoutes.adminMediaImage, async ({ app, actor, request }) => {
    const file = uploadedFile(request, IMAGE_UPLOAD);
    const url = await storeUpload(app.db, app.config, 'upload', file, (tx, stored) =>
      recordAudit(tx, actor, { action: 'media.upload', target: stored, after: { type: file.contentType, bytes: file.blob.byteSize } }),
    );
    return { url };
  });
}
