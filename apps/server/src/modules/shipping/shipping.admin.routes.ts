import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { exportForCarrier, listQueue, pickList } from './shipping-queue.service.ts';
import { cleanTrackingNumber, transition } from './shipping-transition.service.ts';
import { autoCombine, combine, saveShippingSettings, split } from './parcels.service.ts';
import { importTracking } from './tracking-import.service.ts';

/**
 * The console's shipping queue (issue 13, decision 020): list and filters, one-step transitions
 * in bulk, the pick list, the carrier exports and the tracking-number import, combined parcels
 * and their automatic combining (decision 051). Staff and owners
 * work the queue ('shipping.write'); reading it is the same permission, since it shows addresses.
 */
export default async function shippingAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminShipping, async ({ app, query }) => listQueue(app.db, query));

  r.handle(apiRoutes.adminShippingPicklist, async ({ app, query }) => pickList(app.db, query));

  r.handle(apiRoutes.adminShippingExport, async ({ app, query }) =>
    exportForCarrier(app.db, app.config, query),
  );

  r.handle(apiRoutes.adminShippingTransition, async ({ app, actor, payload }) => {
    const trackingNumber = payload.tracking_number ? cleanTrackingNumber(payload.tracking_number, 'tracking_number') : undefined;
    return transition(
      app.db,
      {
        ids: payload.request_ids,
        to: payload.to,
        convert: payload.convert,
        parcel: trackingNumber ? { carrier: payload.carrier ?? 'yamato', trackingNumber } : undefined,
      },
      actor,
    );
  });

  r.handle(apiRoutes.adminShippingImport, async ({ app, actor, payload, request }) =>
    importTracking(app.db, Buffer.from(payload.file_base64, 'base64'), payload.carrier, actor, request.lang),
  );

  r.handle(apiRoutes.adminShippingCombine, async ({ app, actor, payload }) => combine(app.db, payload.request_ids, actor));

  r.handle(apiRoutes.adminShippingSplit, async ({ app, actor, payload }) => split(app.db, payload.request_ids, actor));

  r.handle(apiRoutes.adminShippingSettings, async ({ app }) => ({ auto_combine: await autoCombine(app.db) }));

  r.handle(apiRoutes.adminShippingSettingsSave, async ({ app, actor, payload }) => saveShippingSettings(app.db, payload, actor));
}
