import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppContext } from './http/context.ts';
import { createCsrfSigner } from './http/csrf.ts';
import { MaintenanceSwitch } from './http/maintenance.ts';
import { registerSpa } from './http/spa.ts';
import wire from './http/wire.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { registerModules } from './modules/register.ts';
import { csrfSecret } from './modules/settings/settings.service.ts';

/** Builds the whole server on an open, migrated database. It never listens; server.ts does. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
  });

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    csrf: createCsrfSigner(await csrfSecret(database.db)),
    maintenance: new MaintenanceSwitch(database.db),
    notifier: createNotifier(config, database.db, (err, context) =>
      app.log.error({ err, to: context.to, subject: context.subject }, 'mail delivery failed'),
    ),
    cookie: { secure: config.NODE_ENV === 'production' },
  };
  app.decorate('ctx', ctx);
  // Mails still on their way go out before the server stops.
  app.addHook('onClose', async () => ctx.notifier.close());

  await app.register(helmet, {
    // A deliberate policy: no upgrade-insecure-requests, so plain HTTP on a LAN host still works.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(wire);
  await registerModules(app);
  await registerSpa(app, config.WEB_DIST);
  return app;
}
