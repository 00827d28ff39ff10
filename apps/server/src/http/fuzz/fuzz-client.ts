import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { percentEncode, type BodyMode, type CsrfMode } from './hostile-values.ts';

/** A browser for the fuzz test: its cookies and the csrf token of its latest answer. */
export class FuzzBrowser {
  readonly cookies = new Map<string, string>();
  csrf = '';

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(response: LightMyRequestResponse): void {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const body = parseJson(response);
    if (body && typeof body.csrf === 'string') this.csrf = body.csrf;
  }
}

export function parseJson(response: LightMyRequestResponse): Record<string, unknown> | undefined {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    const body: unknown = JSON.parse(response.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface FuzzPost {
  csrf: CsrfMode;
  body: BodyMode;
  json: string;
  /** Form fields besides csrf and json (the sandbox pages read decision, lang, payloadJSON…). */
  extra: [string, string][];
}

const enc = percentEncode;

/** The body and content type of a POST as `post` says to send it. */
function postBody(post: FuzzPost, own: string, foreign: string): { type?: string; payload?: string } {
  const csrfValue = { own, missing: undefined, foreign, garbage: 'x'.repeat(43), twice: own }[post.csrf];
  const fields: [string, string][] = [];
  if (csrfValue !== undefined) fields.push(['csrf', csrfValue]);
  if (post.csrf === 'twice') fields.push(['csrf', own]);
  fields.push(['json', post.json]);
  if (post.body === 'json-twice') fields.push(['json', '{}']);
  if (post.body === 'extra-fields') fields.push(...post.extra);
  const form = fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  switch (post.body) {
    case 'application/json':
      return { type: 'application/json', payload: post.json };
    case 'text/plain':
      return { type: 'text/plain', payload: form };
    case 'empty':
      return { type: 'application/x-www-form-urlencoded' };
    case 'huge':
      return { type: 'application/x-www-form-urlencoded', payload: `${form}&pad=${'a'.repeat(1024 * 1024 + 10)}` };
    default:
      return { type: 'application/x-www-form-urlencoded', payload: form };
  }
}

/** Sends one request as `browser` (no cookies when undefined), as a browser or a probe would. */
export async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  browser: FuzzBrowser | undefined,
  post: FuzzPost | undefined,
  foreignCsrf: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (browser && browser.cookies.size > 0) headers.cookie = browser.cookieHeader();
  let payload: string | undefined;
  if (method === 'POST' && post) {
    const body = postBody(post, browser?.csrf ?? '', foreignCsrf);
    if (body.type) headers['content-type'] = body.type;
    payload = body.payload;
  }
  const response = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  browser?.remember(response);
  return response;
}
