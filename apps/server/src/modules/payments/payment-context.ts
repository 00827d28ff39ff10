import type { Lang } from '@oripa/contract/states';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Session } from '../sessions/sessions.service.ts';

/** What the payment services need of a request, without knowing HTTP. */
export interface PaymentContext {
  db: Db;
  config: Config;
  session: Session;
  lang: Lang;
  /** The shop's origin as the member's browser reaches it, for provider pages' full addresses. */
  origin: string;
  now: Date;
}

/** A provider page's full address: the web follows full addresses with a page load (spec section 4). */
export function absoluteUrl(origin: string, url: string): string {
  if (url === '' || /^https?:\/\//.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
