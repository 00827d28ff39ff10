import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAYMENT_RETURN_ROUTES } from '@oripa/contract/payments';
import { providerNamed } from '../providers.ts';
import { AMAZON_PAY_CHECKOUT_PAGE, AmazonPayProvider } from './amazonpay-provider.ts';
import { checkoutPageHtml, LAUNCHER_JS } from './amazonpay-checkout-page.ts';

const checkoutQuery = z.object({ payloadJSON: z.string().min(2).max(8000), signature: z.string().min(1).max(2000) });

/**
 * GET /api/payment/amazonpay/checkout?payloadJSON=&signature= — where the shop's Amazon Pay
 * button (GET /user/button_signature's button_url) leads: a page that loads Amazon's
 * checkout.js and starts the checkout with the signed payload (amazon.Pay.initCheckout), since
 * Amazon's checkout opens only through its script. Its launcher script is served beside it.
 */
export default async function amazonPayRoutes(app: FastifyInstance): Promise<void> {
  const config = { config: { outsideEnvelope: 'provider' as const } };

  app.get(AMAZON_PAY_CHECKOUT_PAGE.replace(/^\/api/, ''), config, async (request, reply) => {
    const query = checkoutQuery.safeParse(request.query);
    // Only while a payment method is routed to Amazon Pay: unrouted, its factory has no
    // credentials to read (and throws), and the page has nothing to start.
    const routed = Object.values(app.ctx.config.PAYMENT_PROVIDERS).includes('amazonpay');
    const provider = routed ? providerNamed(app.ctx.db, 'amazonpay') : undefined;
    // Nothing to start: the browser goes back to the point purchase to choose again.
    if (!query.success || !(provider instanceof AmazonPayProvider))
      return reply.header('cache-control', 'no-store').redirect(PAYMENT_RETURN_ROUTES.checkoutReview, 303);
    const page = checkoutPageHtml(provider.checkoutPageSettings(), query.data.payloadJSON, query.data.signature);
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.contentSecurityPolicy)
      .type('text/html; charset=utf-8')
      .send(page.html);
  });

  app.get(`${AMAZON_PAY_CHECKOUT_PAGE.replace(/^\/api/, '')}.js`, config, async (_request, reply) => {
    return reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(LAUNCHER_JS);
  });
}
