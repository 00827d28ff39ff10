import { ADMIN_IDLE_MINUTES } from '@oripa/contract/admin';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-route.ts';
import { endConsoleSession, startConsoleSession } from './admin-session.ts';
import { browseAudit } from '../audit/audit.service.ts';
import { changePassword, checkPassword, confirmEnrolment, startEnrolment, verifyCode } from './operator-login.service.ts';
import { createOperator, operatorList, resetOperator, updateOperatorAccess } from './operators.service.ts';
import { rolesForConsole, saveRole } from './operator-roles.service.ts';

/** The console's own calls: login steps, the signed-in operator, operators and roles, the audit log. */
export default async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  const secure = app.ctx.cookie.secure;

  r.handle(apiRoutes.adminLogin, async ({ app, request, reply, payload }) => {
    const { operatorId, step } = await checkPassword(app.db, { mail: payload.mail, pass: payload.pass, ip: request.ip, now: new Date() });
    const key = await startConsoleSession(app.db, reply, request.session.key, operatorId, step, secure);
    // The answer's csrf token is bound to the new session.
    request.session = { ...request.session, key };
    return { step };
  });

  r.handle(apiRoutes.adminPassword, async ({ app, request, operator, actor, payload }) => ({
    step: await changePassword(app.db, operator, request.session.key, { pass: payload.pass, newPass: payload.new_pass, ip: request.ip, now: new Date() }, actor),
  }));

  r.handle(apiRoutes.adminTotpEnrol, async ({ app, request, operator }) => {
    const { secret, url, qr } = await startEnrolment(app.db, operator, request.session.key);
    return { secret, otpauth_url: url, qr };
  });

  r.handle(apiRoutes.adminTotpEnrolSave, async ({ app, request, operator, actor, payload }) => {
    await confirmEnrolment(app.db, operator, request.session.key, { code: payload.code, ip: request.ip, now: new Date() }, actor);
    return { step: 'done' as const };
  });

  r.handle(apiRoutes.adminTotp, async ({ app, request, operator, actor, payload }) => {
    await verifyCode(app.db, operator, request.session.key, { code: payload.code, ip: request.ip, now: new Date() }, actor);
    return { step: 'done' as const };
  });

  r.handle(apiRoutes.adminLogout, async ({ app, request, reply }) => {
    const key = await endConsoleSession(app.db, reply, request.session.key, secure);
    request.session = { ...request.session, key };
    return {};
  });

  r.handle(apiRoutes.adminMe, async ({ operator }) => ({
    operator: { id: operator.id, mail: operator.mail, name: operator.name, role: operator.role },
    idle_minutes: ADMIN_IDLE_MINUTES,
    permissions: [...operator.permissions],
    compensation_limit: operator.compensationLimit,
  }));

  r.handle(apiRoutes.adminRoles, async ({ app }) => ({ roles: await rolesForConsole(app.db) }));

  r.handle(apiRoutes.adminRolesSave, async ({ app, actor, payload }) => ({
    roles: await saveRole(
      app.db,
      { role: payload.role, permissions: payload.permissions, compensationPoints: payload.compensation_points, compensationCoins: payload.compensation_coins },
      actor,
    ),
  }));

  r.handle(apiRoutes.adminOperators, async ({ app }) => ({
    operators: await operatorList(app.db),
  }));

  r.handle(apiRoutes.adminOperatorsCreate, async ({ app, actor, payload }) => {
    const { operator, password } = await createOperator(app.db, payload, actor);
    return { operator, one_time_password: password };
  });

  r.handle(apiRoutes.adminOperatorsUpdate, async ({ app, actor, payload }) => ({
    operator: await updateOperatorAccess(app.db, { operatorId: payload.operator_id, role: payload.role, disabled: payload.disabled }, actor),
  }));

  r.handle(apiRoutes.adminOperatorsReset, async ({ app, actor, payload }) => {
    const { operator, password } = await resetOperator(app.db, payload.operator_id, actor);
    return { operator, one_time_password: password };
  });

  r.handle(apiRoutes.adminAudit, async ({ app, query }) => browseAudit(app.db, query));
}
