import { FLAG } from '@oripa/contract/constants';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { publicUrl, type Config } from '../../config.ts';
import { routes } from '../../http/route.ts';
import { startMemberSession } from '../../http/session.ts';
import { authenticate } from './login.service.ts';
import { changeMember, memberDetail } from './member.service.ts';
import { changePassword, completePasswordReset, requestPasswordReset, verifyResetToken } from './password.service.ts';
import { confirmRegistration, register } from './registration.service.ts';
import { checkSmsCode, sendSmsCode } from './sms.service.ts';

/** The registration throttle's view of a caller (behind TRUST_PROXY, request.ip is the client's). */
function registrationClient(config: Config, ip: string) {
  return { ip, perHour: config.REGISTRATIONS_PER_IP_HOUR, now: new Date() };
}

/**
 * Member accounts: registration, login, password reset and change, member information and SMS
 * verification. The member is always the session's: no payload can name another one.
 * (GET /user/logout lives in the users module.)
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.registrationConfirm, async ({ app, request, payload }) => {
    await confirmRegistration(app.db, payload, registrationClient(app.config, request.ip));
    return {};
  });

  /** Registers and logs the new member in (the completion screen then leads to the top page). */
  r.handle(apiRoutes.registrationAppend, async ({ app, request, reply, session, payload }) => {
    const userId = await register(app.db, payload, request.lang, registrationClient(app.config, request.ip));
    request.session = await startMemberSession(app.db, reply, session, userId, false, app.cookie);
    return {};
  });

  r.handle(apiRoutes.login, async ({ app, request, reply, session, payload }) => {
    const userId = await authenticate(app.db, { mail: payload.mail, pass: payload.pass, ip: request.ip, now: new Date() });
    request.session = await startMemberSession(app.db, reply, session, userId, payload.save_cookie === FLAG.yes, app.cookie);
    return {};
  });

  r.handle(apiRoutes.resetPassword, async ({ app, request, payload }) => {
    await requestPasswordReset(app.db, app.notifier.mail, {
      mail: payload.mail,
      lang: request.lang,
      origin: publicUrl(app.config),
      now: new Date(),
    });
    return {};
  });

  r.handle(apiRoutes.resetPasswordVerify, async ({ app, payload }) => {
    await verifyResetToken(app.db, payload.token, new Date());
    return {};
  });

  r.handle(apiRoutes.resetPasswordComplete, async ({ app, payload }) => {
    await completePasswordReset(app.db, { token: payload.token, pass: payload.pass, now: new Date() });
    return {};
  });

  r.handle(apiRoutes.changePassword, async ({ app, session, userId, payload }) => {
    await changePassword(app.db, { userId, sessionKey: session.key, pass: payload.pass, now: new Date() });
    return {};
  });

  r.handle(apiRoutes.userDetail, async ({ app, request, userId }) => memberDetail(app.db, userId, request.lang, new Date()));

  r.handle(apiRoutes.userChange, async ({ app, userId, payload }) => {
    await changeMember(app.db, userId, payload, new Date());
    return {};
  });

  r.handle(apiRoutes.sendSms, async ({ app, request, userId, payload }) =>
    sendSmsCode(app.db, app.notifier.sms, { userId, tel: payload.tel, lang: request.lang, now: new Date() }),
  );

  r.handle(apiRoutes.checkSms, async ({ app, userId, payload }) => {
    await checkSmsCode(app.db, { userId, code: payload.sms_code, now: new Date() });
    return { end_sms: 1 as const };
  });
}
