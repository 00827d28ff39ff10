import {
  changeMemberPayload,
  changePasswordPayload,
  checkSmsPayload,
  loginPayload,
  registrationPayload,
  resetPasswordCompletePayload,
  resetPasswordPayload,
  resetTokenPayload,
  sendSmsPayload,
} from '@oripa/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config.ts';
import { routes } from '../../http/route.ts';
import { startMemberSession } from '../../http/session.ts';
import { authenticate } from './login.service.ts';
import { changeMember, memberDetail } from './member.service.ts';
import { changePassword, completePasswordReset, requestPasswordReset, verifyResetToken } from './password.service.ts';
import { confirmRegistration, register } from './registration.service.ts';
import { checkSmsCode, sendSmsCode } from './sms.service.ts';

/**
 * Member accounts: registration, login, password reset and change, member information and SMS
 * verification. The member is always the session's: no payload can name another one.
 * (GET /user/logout lives in the users module.)
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.post('/user/confirm', { payload: registrationPayload }, async ({ app, payload }) => {
    await confirmRegistration(app.db, payload);
    return {};
  });

  /** Registers and logs the new member in (the completion screen then leads to the top page). */
  r.post('/user/append', { payload: registrationPayload }, async ({ app, request, reply, session, payload }) => {
    const userId = await register(app.db, payload, request.lang);
    request.session = await startMemberSession(app.db, reply, session, userId, false, app.cookie);
    return {};
  });

  r.post('/user/login', { payload: loginPayload }, async ({ app, request, reply, session, payload }) => {
    const userId = await authenticate(app.db, { mail: payload.mail, pass: payload.pass, ip: request.ip, now: new Date() });
    request.session = await startMemberSession(app.db, reply, session, userId, payload.save_cookie === '1', app.cookie);
    return {};
  });

  r.post('/user/reset_password', { payload: resetPasswordPayload }, async ({ app, request, payload }) => {
    await requestPasswordReset(app.db, app.notifier.mail, {
      mail: payload.mail,
      lang: request.lang,
      origin: publicUrl(app.config),
      now: new Date(),
    });
    return {};
  });

  r.post('/user/reset_password/verify', { payload: resetTokenPayload }, async ({ app, payload }) => {
    await verifyResetToken(app.db, payload.token, new Date());
    return {};
  });

  r.post('/user/reset_password/complete', { payload: resetPasswordCompletePayload }, async ({ app, payload }) => {
    await completePasswordReset(app.db, { token: payload.token, pass: payload.pass, now: new Date() });
    return {};
  });

  r.memberPost('/user/change_password', { payload: changePasswordPayload }, async ({ app, session, userId, payload }) => {
    await changePassword(app.db, { userId, sessionKey: session.key, pass: payload.pass, now: new Date() });
    return {};
  });

  r.memberGet('/user/detail', {}, async ({ app, request, userId }) => memberDetail(app.db, userId, request.lang, new Date()));

  r.memberPost('/user/change', { payload: changeMemberPayload }, async ({ app, userId, payload }) => {
    await changeMember(app.db, userId, payload, new Date());
    return {};
  });

  r.memberPost('/user/send_sms', { payload: sendSmsPayload }, async ({ app, request, userId, payload }) =>
    sendSmsCode(app.db, app.notifier.sms, { userId, tel: payload.tel, lang: request.lang, now: new Date() }),
  );

  r.memberPost('/user/check_sms', { payload: checkSmsPayload }, async ({ app, userId, payload }) => {
    await checkSmsCode(app.db, { userId, code: payload.sms_code, now: new Date() });
    return { end_sms: 1 };
  });
}
