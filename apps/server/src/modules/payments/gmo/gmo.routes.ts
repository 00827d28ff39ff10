import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_RETURN_ROUTES } from '@oripa/contract/payments';
import { isKnownProvider, providerNamed } from '../providers.ts';
import { GmoProvider } from './gmo-provider.ts';
import { readStartPage, startPageHtml } from './gmo-start.ts';

/**
 * GET /api/payment/gmo/start?p=…&s=…: the page that posts AccessID and Token to GMO's StartURL
 * (carrier billing, PayPay), the address a payment's redirect names (gmo-start.ts). Its own
 * content security policy lets this one page post the form to GMO's origin and run its script.
 */
export default async function gmoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/payment/gmo/start', { config: { outsideEnvelope: 'provider' } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    let form;
    if (isKnownProvider('gmo')) {
      try {
        const provider = providerNamed(app.ctx.db, 'gmo');
        if (provider instanceof GmoProvider) form = readStartPage(provider.settings, query.p, query.s);
      } catch {
        form = undefined;
      }
    }
    if (!form) return reply.header('cache-control', 'no-store').redirect(PAYMENT_RETURN_ROUTES.carrierError, 303);
    const nonce = randomBytes(16).toString('base64');
    const target = new URL(form.startUrl).origin;
    return reply
      .header('cache-control', 'no-store')
      // form-action also governs the redirects after the post (GMO on to the carrier's or PayPay's pages).
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${target} https:; base-uri 'none'; frame-ancestors 'none'`)
      .type('text/html; charset=utf-8')
      .send(startPageHtml(form, nonce, request.lang === 'en' ? 'en' : 'ja'));
  });
}
