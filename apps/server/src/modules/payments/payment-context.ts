import type { Lang } from '@oripa/contract/states';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Session } from '../sessions/sessions.service.ts';

/**
 * A check a point purchase must pass before its order is recorded, inside the order's
 * transaction (the member's spending caps, decision 037). It is given by the composition root
 * (app.ts), so payments need not import the module that keeps the caps (safety reads the
 * month's spending from payments: decision 038, one direction).
 */
export type PointPurchaseGuard = (tx: DbOrTx, userId: number, amount: number, now: Date, refusalFields: Record<string, unknown>) => Promise<void>;

declare module '../../http/context.ts' {
  interface AppContext {
    /** Refuses a point purchase a member may not make now (payment-context.ts). */
    pointPurchaseGuard: PointPurchaseGuard;
  }
}

/** What the payment services need of a request, without knowing HTTP. */
export interface PaymentContext {
  db: Db;
  config: Config;
  session: Session;
  lang: Lang;
  /** The shop's origin as the member's browser reaches it, for provider pages' full addresses. */
  origin: string;
  now: Date;
  /** The check every point purchase passes first (AppContext.pointPurchaseGuard). */
  guard: PointPurchaseGuard;
}

/** A provider page's full address: the web follows full addresses with a page load (spec section 4). */
export function absoluteUrl(origin: string, url: string): string {
  if (url === '' || /^https?:\/\//.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
