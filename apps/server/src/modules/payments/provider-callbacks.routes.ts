import { PAYMENT_RETURN_ROUTES } from '@oripa/contract/payments';
import { idParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { handleNotification, returnTarget } from './completion.service.ts';
import { NotificationRejectedError } from './provider.ts';
import { isKnownProvider, providerNamed } from './providers.ts';

const returnQuery = z.object({ payment_id: idParamSchema });
const notifyParams = z.object({ provider: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/) });

/**
 * What providers reach, outside the member-facing envelope:
 * - GET /api/payment/return?payment_id= — the member's browser back from 3-D Secure, a mobile
 *   payment or carrier billing: the payment is completed and the browser goes to
 *   /complete-carrier or /error-carrier (with payment_id and pay_id).
 * - POST /api/payment/notify/<provider> — the provider's notification, authenticated by the
 *   adapter (a signature), hence exempt from the shop's csrf check. Plain JSON answers.
 */
export default async function providerCallbackRoutes(app: FastifyInstance): Promise<void> {
  app.get('/payment/return', { config: { outsideEnvelope: 'callback' } }, async (request, reply) => {
    const parsed = returnQuery.safeParse(request.query);
    const target = parsed.success
      ? await returnTarget(app.ctx.db, request.session.userId, parsed.data.payment_id)
      : PAYMENT_RETURN_ROUTES.carrierError;
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });

  // A provider that sends the browser back with a form post (GMO's RetURL): the same return, as a
  // GET, so the member's SameSite=Lax session cookie comes along.
  app.post('/payment/return', { config: { csrf: false, outsideEnvelope: 'callback' } }, async (request, reply) => {
    const parsed = returnQuery.safeParse(request.query);
    const target = parsed.success ? `/api/payment/return?payment_id=${parsed.data.payment_id}` : PAYMENT_RETURN_ROUTES.carrierError;
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });

  app.post('/payment/notify/:provider', { config: { csrf: false, outsideEnvelope: 'callback' } }, async (request, reply) => {
    const params = notifyParams.safeParse(request.params);
    if (!params.success || !isKnownProvider(params.data.provider)) {
      return reply.code(404).send({ ok: false, error: 'unknown provider' });
    }
    try {
      const result = await handleNotification(app.ctx.db, params.data.provider, request.body, request.headers);
      const answer = providerNamed(app.ctx.db, params.data.provider).notificationAnswer;
      if (answer !== undefined) return reply.header('cache-control', 'no-store').type('text/plain').send(answer);
      return reply.header('cache-control', 'no-store').send({ ok: true, ...result });
    } catch (error) {
      if (error instanceof NotificationRejectedError || error instanceof SyntaxError) {
        return reply.code(400).send({ ok: false, error: 'notification rejected' });
      }
      throw error;
    }
  });
}
