import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface WireResponse {
  status: number;
  body: Record<string, unknown> & { state: number; csrf: string; errors: Record<string, string[]> };
  raw: LightMyRequestResponse;
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

  private remember(response: LightMyRequestResponse): WireResponse {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const body = response.json() as WireResponse['body'];
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
    return this.remember(response);
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
    return this.remember(response);
  }

  setLang(lang: 'ja' | 'en'): void {
    this.cookies.set('lang', lang);
  }
}
