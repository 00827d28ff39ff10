import type { Lang } from '@oripa/contract/states';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Notifier } from '../modules/notifications/providers.ts';
import type { CsrfSigner } from './csrf.ts';
import type { MaintenanceSwitch } from './maintenance.ts';
import type { Session } from './session.ts';

/** What every route can reach: the database, configuration and the wire-contract helpers. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  csrf: CsrfSigner;
  maintenance: MaintenanceSwitch;
  /** Mail and SMS providers (SMTP or the outbox; the sandbox SMS provider). */
  notifier: Notifier;
  /** Secure cookies in production. */
  cookie: { secure: boolean };
  /** Token of the loopback operator endpoint, set once the server listens (server.ts). */
  opsToken?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    session: Session;
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** Set false on routes that authenticate otherwise (operator endpoint, provider callbacks). */
    csrf?: boolean;
    /**
     * The handler reads the session row itself, in its own first statement (the purchase hot
     * path); the request arrives with a deferred session (Session.deferred).
     */
    ownSession?: boolean;
  }
}
