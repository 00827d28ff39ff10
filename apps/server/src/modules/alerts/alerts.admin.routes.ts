import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { operatorMay, type SignedOperator } from '../admin/admin-session.ts';
import { alertsView, changeAlertSettings, chooseAlertMails } from './alerts.service.ts';

const mayChange = (operator: SignedOperator) => operatorMay(operator, 'alerts.write');

/** The console's alert screen (decision 046): every operator picks their mails, the owner the webhook. */
export default async function alertsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminAlerts, async ({ app, operator }) => alertsView(app.db, operator.id, mayChange(operator)));

  r.handle(apiRoutes.adminAlertsSave, async ({ app, operator, actor, payload }) => {
    await changeAlertSettings(app.db, actor, payload);
    return alertsView(app.db, operator.id, mayChange(operator));
  });

  r.handle(apiRoutes.adminAlertMails, async ({ app, operator, payload }) => {
    await chooseAlertMails(app.db, operator.id, payload.kinds);
    return alertsView(app.db, operator.id, mayChange(operator));
  });
}
