import {
  ADMIN_IDLE_MINUTES,
  adminCodePayload,
  adminEnrolResponse,
  adminLoginPayload,
  adminMeResponse,
  adminPasswordPayload,
  adminStepResponse,
  auditPageResponse,
  auditQuery,
  operatorCreatePayload,
  operatorListResponse,
  operatorPasswordResponse,
  operatorResetPayload,
  operatorResponse,
  operatorUpdatePayload,
} from '@oripa/contract/admin';
import { emptyResponse } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-route.ts';
import { endConsoleSession, startConsoleSession } from './admin-session.ts';
import { browseAudit } from '../audit/audit.service.ts';
import { changePassword, checkPassword, confirmEnrolment, startEnrolment, verifyCode } from './operator-login.service.ts';
import { createOperator, operatorList, resetOperator, updateOperatorAccess } from './operators.service.ts';

/** The console's own calls: login steps, the signed-in operator, operators, the audit log. */
export default async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  const secure = app.ctx.cookie.secure;

  r.visitorPost('/admin/login', { payload: adminLoginPayload, response: adminStepResponse }, async ({ app, request, reply, payload }) => {
    const { operatorId, step } = await checkPassword(app.db, { mail: payload.mail, pass: payload.pass, ip: request.ip, now: new Date() });
    const key = await startConsoleSession(app.db, reply, request.session.key, operatorId, step, secure);
    // The answer's csrf token is bound to the new session.
    request.session = { ...request.session, key };
    return { step };
  });

  r.post('/admin/password', 'login', { payload: adminPasswordPayload, response: adminStepResponse }, async ({ app, request, operator, actor, payload }) => ({
    step: await changePassword(app.db, operator, request.session.key, { pass: payload.pass, newPass: payload.new_pass, ip: request.ip, now: new Date() }, actor),
  }));

  r.get('/admin/totp/enrol', 'login', { response: adminEnrolResponse }, async ({ app, request, operator }) => {
    const { secret, url, qr } = await startEnrolment(app.db, operator, request.session.key);
    return { secret, otpauth_url: url, qr };
  });

  r.post('/admin/totp/enrol', 'login', { payload: adminCodePayload, response: adminStepResponse }, async ({ app, request, operator, actor, payload }) => {
    await confirmEnrolment(app.db, operator, request.session.key, { code: payload.code, ip: request.ip, now: new Date() }, actor);
    return { step: 'done' as const };
  });

  r.post('/admin/totp', 'login', { payload: adminCodePayload, response: adminStepResponse }, async ({ app, request, operator, actor, payload }) => {
    await verifyCode(app.db, operator, request.session.key, { code: payload.code, ip: request.ip, now: new Date() }, actor);
    return { step: 'done' as const };
  });

  r.post('/admin/logout', 'login', { response: emptyResponse }, async ({ app, request, reply }) => {
    const key = await endConsoleSession(app.db, reply, request.session.key, secure);
    request.session = { ...request.session, key };
    return {};
  });

  r.get('/admin/me', 'dashboard.read', { response: adminMeResponse }, async ({ operator }) => ({
    operator: { id: operator.id, mail: operator.mail, name: operator.name, role: operator.role },
    idle_minutes: ADMIN_IDLE_MINUTES,
  }));

  r.get('/admin/operators', 'operators.manage', { response: operatorListResponse }, async ({ app }) => ({
    operators: await operatorList(app.db),
  }));

  r.post('/admin/operators/create', 'operators.manage', { payload: operatorCreatePayload, response: operatorPasswordResponse }, async ({ app, actor, payload }) => {
    const { operator, password } = await createOperator(app.db, payload, actor);
    return { operator, one_time_password: password };
  });

  r.post('/admin/operators/update', 'operators.manage', { payload: operatorUpdatePayload, response: operatorResponse }, async ({ app, actor, payload }) => ({
    operator: await updateOperatorAccess(app.db, { operatorId: payload.operator_id, role: payload.role, disabled: payload.disabled }, actor),
  }));

  r.post('/admin/operators/reset', 'operators.manage', { payload: operatorResetPayload, response: operatorPasswordResponse }, async ({ app, actor, payload }) => {
    const { operator, password } = await resetOperator(app.db, payload.operator_id, actor);
    return { operator, one_time_password: password };
  });

  r.get('/admin/audit', 'audit.read', { query: auditQuery, response: auditPageResponse }, async ({ app, query }) => browseAudit(app.db, query));
}
