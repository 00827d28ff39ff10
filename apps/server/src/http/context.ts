import type { Lang } from '@oripa/contract/states';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database, Db } from '../db/client.ts';
import type { ReadinessCheck } from '../lib/outside-check.ts';
import type { ShopMetrics } from '../metrics/metrics.ts';
import type { CsrfSigner } from './csrf.ts';
import type { MaintenanceSwitch } from './maintenance.ts';
import type { OutsideEnvelope } from './route-catalog.ts';
import type { Session } from './session.ts';

/**
 * What every route can reach: the database, configuration and the wire-contract helpers. Modules
 * add their own parts (the notifier, fairness) by augmenting this interface beside their
 * definitions, so the wire imports no module (decision 038).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  csrf: CsrfSigner;
  maintenance: MaintenanceSwitch;
  /** What any instance changed (db/change-feed.ts). */
  changes: ChangeFeed;
  /** Secure cookies in production. */
  cookie: { secure: boolean };
  /** Token of the loopback operator endpoint, set once the server listens (server.ts). */
  opsToken?: string;
  /** Prometheus metrics of this instance (metrics/metrics.ts). */
  metrics: ShopMetrics;
  /** Set when the instance is shutting down: /readyz answers 503 so the balancer stops sending. */
  lifecycle: { closing: boolean };
  /** Outside services /readyz also asks about (payment and SMS providers; lib/outside-check.ts). */
  readinessChecks: ReadinessCheck[];
  /**
   * The time a request acts at: the real clock, which API tests move forward (a raised limit's
   * 24 hours, decision 043). Routes that compare stored times with now read it here.
   */
  clock: () => Date;
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
    /**
     * The purchase calls: answered uncompressed, so their answer may carry the request's own
     * csrf token again (http/envelope.ts); both are set together in http/route.ts.
     */
    reuseCsrf?: boolean;
    /** The contract's schema of the answer's fields (set by http/route.ts for every API route). */
    responseSchema?: z.ZodObject;
    /** Marks a route that answers outside the envelope, hence without a response schema. */
    outsideEnvelope?: OutsideEnvelope;
  }
}
