import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts/accounts.routes.ts';
import addressRoutes from './address/address.routes.ts';
import catalogRoutes from './catalog/catalog.routes.ts';
import gachaRoutes from './gacha/gacha.routes.ts';
import holdingsRoutes from './holdings/holdings.routes.ts';
import mediaRoutes from './media/media.routes.ts';
import revealMovieRoutes from './media/reveal-movies.routes.ts';
import opsRoutes from './ops/ops.routes.ts';
import paymentRoutes from './payments/payments.routes.ts';
import providerCallbackRoutes from './payments/provider-callbacks.routes.ts';
import sandboxRoutes from './payments/sandbox/sandbox.routes.ts';
import siteRoutes from './site/site.routes.ts';
import userRoutes from './users/users.routes.ts';
import walletRoutes from './wallet/wallet.routes.ts';

/**
 * Every module's routes. Shop API modules go under /api; a new module adds one line here.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const plugin of [
    userRoutes,
    accountRoutes,
    addressRoutes,
    siteRoutes,
    catalogRoutes,
    gachaRoutes,
    holdingsRoutes,
    revealMovieRoutes,
    walletRoutes,
    paymentRoutes,
    providerCallbackRoutes,
    opsRoutes,
  ]) {
    await app.register(plugin, { prefix: '/api' });
  }
  await app.register(mediaRoutes);
  // The built-in sandbox payment provider's own pages and endpoints (/sandbox/pay/…, /api/acs/secure).
  await app.register(sandboxRoutes);
}
