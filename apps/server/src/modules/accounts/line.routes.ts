import { apiRoutes } from '@oripa/contract/api-routes';
import { LINE_PAGES, LINE_RESULT, lineStartQuery, type LineResult } from '@oripa/contract/line';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../config.ts';
import { AppError } from '../../kernel/errors.ts';
import { routes } from '../../http/route.ts';
import { startMemberSession } from '../../http/session.ts';
import { saveSessionData } from '../sessions/sessions.service.ts';
import { lineClient, lineConfigured, newLineAuthRequest, type LineAuthRequest, type LineClient } from './line-client.ts';
import { lineAccount, lineSignIn, linkLine, pendingIsLive, registerWithLine, unlinkLine, type LinePending } from './line.service.ts';

/**
 * LINE Login (decision 057). Two browser routes outside the envelope:
 * - GET /api/line/start?mode=login|link — remembers state, nonce and the PKCE verifier in the
 *   session and redirects to LINE's authorization endpoint (link: a signed-in member only);
 * - GET /api/line/callback — LINE's answer: the code is exchanged and the ID token verified,
 *   then the member is signed in, the LINE user linked, or (new to the shop) sent to complete
 *   the member information; the browser lands on a page of the web app with `line=<result>`.
 * and the envelope calls of the screens (lineSettings, lineAccount, lineRegister, lineUnlink).
 * Without a channel configured the browser routes answer 404 and lineSettings says disabled.
 */
export default async function lineRoutes(app: FastifyInstance): Promise<void> {
  const config = app.ctx.config;
  const client: LineClient | undefined = lineClient(config, publicUrl(config));
  const bonusPoints = config.LINE_FRIEND_BONUS_POINTS;
  const r = routes(app);

  const go = (reply: FastifyReply, path: string, result?: LineResult) =>
    reply.header('cache-control', 'no-store').redirect(result ? `${path}?line=${result}` : path, 303);

  app.get('/line/start', { config: { outsideEnvelope: 'callback' } }, async (request, reply) => {
    if (!client) return reply.code(404).send({ ok: false, error: 'LINE Login is not configured' });
    const query = lineStartQuery.safeParse(request.query);
    const mode = query.success ? query.data.mode : 'login';
    const userId = request.session.userId;
    if (mode === 'link' && userId === null) return go(reply, LINE_PAGES.login);
    const auth = newLineAuthRequest(mode, userId);
    let target: string;
    try {
      target = await client.authorizationUrl(auth);
    } catch (error) {
      request.log.warn({ err: error }, 'LINE discovery failed');
      return go(reply, mode === 'link' ? LINE_PAGES.settings : LINE_PAGES.login, LINE_RESULT.failed);
    }
    await saveSessionData(app.ctx.db, request.session, { lineAuth: auth });
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });

  app.get('/line/callback', { config: { outsideEnvelope: 'callback' } }, async (request, reply) => {
    if (!client) return reply.code(404).send({ ok: false, error: 'LINE Login is not configured' });
    const session = request.session;
    const auth = session.data.lineAuth as LineAuthRequest | null | undefined;
    // The request is spent whatever happens next: a replayed callback finds nothing.
    if (auth) await saveSessionData(app.ctx.db, session, { lineAuth: null });
    const back = auth?.mode === 'link' ? LINE_PAGES.settings : LINE_PAGES.login;
    if (!auth || (auth.mode === 'link' && (session.userId === null || session.userId !== auth.userId))) {
      return go(reply, back, LINE_RESULT.failed);
    }
    const user = await client.complete(callbackQuery(request), auth).catch((error: unknown) => {
      request.log.info({ err: error }, 'LINE callback refused');
      return undefined;
    });
    if (!user) return go(reply, back, LINE_RESULT.failed);
    const now = new Date();
    const friend = bonusPoints > 0 ? await client.isFriend(user.accessToken).catch(() => false) : false;

    if (auth.mode === 'link' && auth.userId !== null) {
      const outcome = await linkLine(app.ctx.db, { userId: auth.userId, sub: user.sub, name: user.name, friend, bonusPoints, now });
      return go(reply, LINE_PAGES.settings, LINE_RESULT[outcome]);
    }
    const found = await lineSignIn(app.ctx.db, user.sub);
    if ('suspended' in found) return go(reply, LINE_PAGES.login, LINE_RESULT.suspended);
    if ('userId' in found) {
      request.session = await startMemberSession(app.ctx.db, reply, session, found.userId, false, app.ctx.cookie);
      return go(reply, LINE_PAGES.signedIn);
    }
    const pending: LinePending = { sub: user.sub, name: user.name, mail: user.mail, friend, at: now.getTime() };
    await saveSessionData(app.ctx.db, session, { linePending: pending });
    return go(reply, LINE_PAGES.register);
  });

  r.handle(apiRoutes.lineSettings, async ({ session }) => {
    const pending = session.data.linePending as LinePending | undefined;
    const live = pendingIsLive(pending, new Date()) && session.userId === null;
    return { enabled: lineConfigured(config), pending: live ? { name: pending.name, mail: pending.mail } : null };
  });

  r.handle(apiRoutes.lineAccount, async ({ app, userId }) => {
    const account = await lineAccount(app.db, userId);
    return {
      enabled: lineConfigured(config),
      linked: account.linked,
      display_name: account.displayName,
      has_password: account.hasPassword,
      can_unlink: account.canUnlink,
      friend_bonus: bonusPoints,
    };
  });

  r.handle(apiRoutes.lineRegister, async ({ app, request, reply, session, payload }) => {
    const pending = session.data.linePending as LinePending | undefined;
    const now = new Date();
    if (!lineConfigured(config) || session.userId !== null || !pendingIsLive(pending, now)) {
      throw AppError.field('request', 'accounts.line_not_pending');
    }
    const userId = await registerWithLine(app.db, { pending, payload, lang: request.lang, bonusPoints, now });
    request.session = await startMemberSession(app.db, reply, session, userId, false, app.cookie);
    return {};
  });

  r.handle(apiRoutes.lineUnlink, async ({ app, userId }) => {
    await unlinkLine(app.db, userId, new Date());
    return {};
  });
}

/** The callback's query string exactly as LINE sent it (code, state, and LINE's own fields). */
function callbackQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}
