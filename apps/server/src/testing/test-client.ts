import { STATE } from '@oripa/contract/states';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { findCatalogRoute } from '../http/route-catalog.ts';
import { responseBreaches } from '../http/response-check.ts';

export interface WireResponse {
  status: number;
  body: Record<string, unknown> & { state: number; csrf: string; errors: Record<string, string[]> };
  raw: LightMyRequestResponse;
}

const envelopeBase = z.object({ state: z.number().int(), csrf: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/**
 * Checks an API answer against the contract, so every API test checks every answer it gets: the
 * envelope always; a success's fields against its route's response schema; a refusal's extra
 * fields against the same schema, each optional. A 500 naming contract breaches (the server's
 * own check outside production) fails the same way. Throws, which fails the test.
 */
function checkAnswer(app: FastifyInstance, method: string, path: string, body: unknown): void {
  const where = `${method} /api${path}`;
  const envelope = envelopeBase.safeParse(body);
  if (!envelope.success) throw new Error(`${where}: not an envelope: ${envelope.error.message}`);
  const { state, csrf: _c, errors, ...fields } = body as z.infer<typeof envelopeBase>;
  if (state === STATE.server && errors.response) {
    throw new Error(`${where}: the answer breaks its contract schema:\n${errors.response.join('\n')}`);
  }
  const schema = findCatalogRoute(app, method, `/api${path}`)?.response;
  if (!schema) return;
  const success = state === STATE.ok || state === STATE.noContent;
  const breaches = responseBreaches(success ? schema : schema.partial(), fields);
  if (breaches.length > 0) {
    throw new Error(`${where} (state ${state}): the answer breaks its contract schema:\n${breaches.join('\n')}`);
  }
}

/**
 * A browser-like client over app.inject: keeps cookies, stores the csrf token of every
 * response and sends POSTs exactly as the web app does (form-encoded csrf + json).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrf = '';
  /** The client's IP as the server sees it (request.ip). */
  remoteAddress = '127.0.0.1';

  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(method: string, path: string, response: LightMyRequestResponse): WireResponse {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const body = response.json() as WireResponse['body'];
    checkAnswer(this.app, method, path, body);
    if (typeof body.csrf === 'string') this.csrf = body.csrf;
    return { status: response.statusCode, body, raw: response };
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<WireResponse> {
    const response = await this.app.inject({
      method: 'GET',
      url: `/api${path}`,
      remoteAddress: this.remoteAddress,
      headers: { cookie: this.cookieHeader(), ...headers },
    });
    return this.remember('GET', path, response);
  }

  /** POST `payload` as the `json` field with the stored csrf (or `options.csrf` when given). */
  async post(
    path: string,
    payload: unknown = {},
    options: { csrf?: string | null; rawJson?: string } = {},
  ): Promise<WireResponse> {
    const form = new URLSearchParams();
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf !== null) form.set('csrf', csrf);
    form.set('json', options.rawJson ?? JSON.stringify(payload));
    const response = await this.app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: this.remoteAddress,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    return this.remember('POST', path, response);
  }

  /**
   * POST a multipart form as the console's uploads do: `csrf` (the stored one unless given),
   * the other text fields, then the file under `file` (null: no file part).
   */
  async upload(
    path: string,
    file: { bytes: Buffer; name: string; type?: string } | null,
    options: { csrf?: string | null; fields?: Record<string, string> } = {},
  ): Promise<WireResponse> {
    const boundary = `----test${Date.now().toString(36)}`;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const fields = { ...(csrf === null ? {} : { csrf }), ...options.fields };
    const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    if (file) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const response = await this.app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: this.remoteAddress,
      headers: { cookie: this.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
    return this.remember('POST', path, response);
  }

  /** POST a body exactly as given, with its content type (for malformed and hostile bodies). */
  async postRaw(path: string, contentType: string, payload: Buffer | string): Promise<WireResponse> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: this.remoteAddress,
      headers: { cookie: this.cookieHeader(), 'content-type': contentType },
      payload,
    });
    return this.remember('POST', path, response);
  }

  setLang(lang: 'ja' | 'en'): void {
    this.cookies.set('lang', lang);
  }
}
