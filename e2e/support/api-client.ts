import type { ApiEntry, ApiResponse, CallArgs } from '@oripa/contract/api-call';
import { routePath, routePayload } from '@oripa/contract/api-call';
import type { ApiName } from '@oripa/contract/api-paths';
import type { Envelope } from '@oripa/contract/wire';
import type { BrowserContext } from 'playwright-core';

/**
 * The browser tests' client of the shop API: the calls of the contract's route table (decision
 * 039) on the wire a browser uses (GET, or POST as a form of `csrf` + `json`), each answer's csrf
 * token kept for the next POST. Over Node's fetch with a cookie jar of its own, or over a
 * browser context's request API (whose cookies the context's pages then share).
 */

/** An answer: the envelope and, on success, the route's fields. */
export type ApiAnswer<N extends ApiName> = Envelope & Partial<ApiResponse<N>>;

/** Sends one request and answers the parsed body; `form` makes it a form POST. */
type Transport = (method: 'GET' | 'POST', url: string, form: Record<string, string> | undefined) => Promise<unknown>;

export interface ApiClient {
  /** Calls a route of the table (params, payload and query as the web app's apiCall takes them). */
  call<N extends ApiName>(route: ApiEntry<N>, ...args: CallArgs<N>): Promise<ApiAnswer<N>>;
  /** The Cookie header the jar sends (fetch clients only; '' over a browser context). */
  cookieHeader(): string;
  /** One cookie's value, if the shop set it (fetch clients only). */
  cookie(name: string): string | undefined;
}

function client(baseUrl: string, transport: Transport, jar?: Map<string, string>): ApiClient {
  let csrf = '';
  const cookieHeader = () => (jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '');
  return {
    async call<N extends ApiName>(route: ApiEntry<N>, ...[input]: CallArgs<N>): Promise<ApiAnswer<N>> {
      const url = `${baseUrl}/api${routePath(route, input)}`;
      const form = route.method === 'POST' ? { csrf, json: JSON.stringify(routePayload(input)) } : undefined;
      const body = (await transport(route.method, url, form)) as ApiAnswer<N>;
      if (body.csrf) csrf = body.csrf;
      return body;
    },
    cookieHeader,
    cookie: (name) => jar?.get(name),
  };
}

/** A client over Node's fetch, with its own cookie jar; `cookies` start it (a member's session, a language). */
export function fetchClient(baseUrl: string, cookies: Record<string, string> = {}): ApiClient {
  const jar = new Map(Object.entries(cookies));
  const transport: Transport = async (method, url, form) => {
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const init: RequestInit = { method, headers };
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(form).toString();
    }
    const res = await fetch(url, init);
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res.json();
  };
  return client(baseUrl, transport, jar);
}

/** A client over a browser context's request API: the context's pages share its cookies. */
export function contextClient(context: BrowserContext, baseUrl: string): ApiClient {
  const transport: Transport = async (method, url, form) => {
    const res = method === 'GET' ? await context.request.get(url) : await context.request.post(url, { form });
    return res.json();
  };
  return client(baseUrl, transport);
}
