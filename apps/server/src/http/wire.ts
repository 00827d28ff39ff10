import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { STATE } from '@oripa/contract/states';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorsOf, localizeErrors, sendEnvelope } from './envelope.ts';
import { AppError } from '../kernel/errors.ts';
import { sendPlainPage } from './framework-errors.ts';
import { visitorLang } from './public-page.ts';
import { cookieSessionKey, deferredSession, loadSession } from './session.ts';
import { serveSpa } from './spa.ts';

/** Paths outside the shop API's contract: operator endpoint (token) and media files. */
const isApi = (url: string) => url.startsWith('/api/');
const isOps = (url: string) => url.startsWith('/api/_ops/');
/** The operator console's calls: their own session (modules/admin), and they work during maintenance. */
const isAdmin = (url: string) => url.startsWith('/api/admin/');

/**
 * The wire contract of spec sections 4 and 7, once for every route: form bodies, the session,
 * the language, the maintenance switch, csrf on every POST, and errors turned into envelopes.
 */
async function wire(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 1024 * 1024 });

  app.decorateRequest('session', null as never);
  app.decorateRequest('lang', 'ja');

  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url) || isOps(request.url)) return;
    // The pages' rule: an English browser's first visit gets English names from the API as it got
    // them in the page, so nothing switches language once the page has hydrated.
    const xLang = request.headers['x-lang'];
    request.lang = visitorLang(request, typeof xLang === 'string' ? xLang : undefined);
    const { db, cookie: cookieOpts, maintenance } = app.ctx;
    // A route that reads the session itself saves a round trip; without a cookie it is a visitor,
    // and the normal path gives them one.
    const ownKey = request.routeOptions.config?.ownSession ? cookieSessionKey(request) : undefined;
    request.session = ownKey ? deferredSession(ownKey) : await loadSession(db, request, reply, cookieOpts);
    if (!isAdmin(request.url) && (await maintenance.isOn())) {
      return sendEnvelope(request, reply, STATE.maintenance, errorsOf(request, 'maintenance', 'common.maintenance'));
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !isApi(request.url)) return;
    if (request.routeOptions.config?.csrf === false) return;
    const body = request.body as Record<string, unknown> | undefined;
    if (!app.ctx.csrf.verify(request.session.key, body?.csrf)) {
      return sendEnvelope(request, reply, STATE.csrf, errorsOf(request, 'csrf', 'csrf.invalid'));
    }
    request.verifiedCsrf = { key: request.session.key, token: body?.csrf as string };
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApi(request.url)) {
      return sendEnvelope(request, reply, STATE.notFound, errorsOf(request, 'path', 'common.not_found'));
    }
    return serveSpa(request, reply);
  });

  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) =>
    handleError(app, error, request, reply),
  );
}

function handleError(
  app: FastifyInstance,
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    return sendEnvelope(request, reply, error.state, localizeErrors(request, error.fields), error.extra);
  }
  const status = (error as FastifyError).statusCode;
  // Outside the API (a page address, e.g. a bad body posted to an unknown path) a page answers.
  if (!isApi(request.url)) {
    if (status && status >= 400 && status < 500) return sendPlainPage(reply, 400, 'common.bad_request');
    request.log.error({ err: error, route: request.routeOptions.url }, 'unexpected error');
    return sendPlainPage(reply, 500, 'common.server_error');
  }
  if (status === 429) {
    return sendEnvelope(request, reply, STATE.throttled, errorsOf(request, 'request', 'common.throttled'));
  }
  if (status && status >= 400 && status < 500) {
    // Malformed bodies, unsupported content types, oversized payloads: the client's fault.
    return sendEnvelope(request, reply, STATE.validation, errorsOf(request, 'request', 'common.bad_request'));
  }
  request.log.error({ err: error, route: request.routeOptions.url }, 'unexpected error');
  return sendEnvelope(request, reply, STATE.server, errorsOf(request, 'request', 'common.server_error'));
}

export default fp(wire, { name: 'wire' });
