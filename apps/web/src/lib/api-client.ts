import type { ApiName } from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { Envelope, FieldErrors } from '@oripa/contract/wire';
import { routePath, routePayload, type ApiEntry, type ApiResponse, type CallArgs, type FormPayload } from './api-route.ts';

/**
 * The one way the web app talks to the server (spec section 7): GET without a body, POST as a
 * form with the stored csrf token and the payload as JSON. Every response's csrf replaces the
 * stored one; state 9999 sends the browser to the maintenance page. Network failures come back
 * as a result object (state 0) rather than a thrown error, as the spec asks.
 */
let csrfToken = '';

export function storeCsrf(token: string | undefined): void {
  if (token) csrfToken = token;
}

export function currentCsrf(): string {
  return csrfToken;
}

/** State of a result the network never delivered. */
export const NETWORK_FAILURE = 0;

export type ApiResult<T extends object = object> = Envelope<Partial<T>> & Partial<T>;

export const MAINTENANCE_PAGE = '/mente.html';

function networkFailure<T extends object>(): ApiResult<T> {
  const errors: FieldErrors = { network: ['network error'] };
  return { state: NETWORK_FAILURE, csrf: csrfToken, errors } as ApiResult<T>;
}

/** The server renderer's way to the API (a GET as a visitor without a session); fetch in the browser. */
let serverTransport: ((path: string) => Promise<unknown>) | undefined;

/** Sets (or, with undefined, clears) the server renderer's API transport (entry-server.tsx). */
export function setApiTransport(transport: ((path: string) => Promise<unknown>) | undefined): void {
  serverTransport = transport;
}

/** One request and its answer; the answer's csrf token becomes the stored one. */
async function exchange<T extends object>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  if (serverTransport) {
    const answer = (await serverTransport(path)) as ApiResult<T>;
    answer.errors ??= {};
    return answer;
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { credentials: 'same-origin', ...init });
  } catch {
    return networkFailure<T>();
  }
  let body: ApiResult<T>;
  try {
    body = (await response.json()) as ApiResult<T>;
  } catch {
    return networkFailure<T>();
  }
  storeCsrf(body.csrf);
  if (body.state === STATE.maintenance) {
    window.location.assign(MAINTENANCE_PAGE);
  }
  body.errors ??= {};
  return body;
}

/**
 * The page's first request while it is unanswered. A browser without a session cookie gets a new
 * session (cookie and csrf token) from every request, so requests sent side by side before the
 * first answer would each start one, and the cookie the browser keeps could belong to another
 * session than the token kept here: the next POST would be refused. Until a token has arrived,
 * requests therefore wait for the one in flight (whose answer sets the cookie).
 */
let opening: Promise<unknown> | null = null;

/** `init` is called when the request goes, so a POST carries the token stored by then. */
async function send<T extends object>(path: string, init: () => RequestInit): Promise<ApiResult<T>> {
  if (serverTransport) return exchange<T>(path, init());
  while (!csrfToken && opening) await opening;
  const answered = exchange<T>(path, init());
  if (!csrfToken) {
    const gate: Promise<unknown> = answered.finally(() => {
      if (opening === gate) opening = null;
    });
    opening = gate;
  }
  return answered;
}

export function apiGet<T extends object>(path: string): Promise<ApiResult<T>> {
  return send<T>(path, () => ({ method: 'GET' }));
}

export async function apiPost<T extends object>(path: string, payload: unknown = {}): Promise<ApiResult<T>> {
  const json = JSON.stringify(payload);
  const post = () =>
    send<T>(path, () => {
      const form = new URLSearchParams();
      form.set('csrf', csrfToken);
      form.set('json', json);
      return {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      };
    });
  const result = await post();
  // A token of another session (a login or logout answered while an older request was still on
  // its way and its answer's token was stored last) is refused before anything is done, and the
  // refusal carries a token of the session the cookie now names: one retry is safe and enough.
  return result.state === STATE.csrf ? post() : result;
}

/**
 * A member's POST with files (the inquiry form, decision 052): a multipart form of csrf (first,
 * so the server may refuse before the files), the `json` payload and each file under `file`. The
 * server decides each file's type by its bytes.
 */
export async function apiUpload<N extends ApiName>(route: ApiEntry<N>, payload: FormPayload<N>, files: readonly Blob[]): Promise<ApiResult<ApiResponse<N>>> {
  const json = JSON.stringify(payload);
  const post = () =>
    send<ApiResponse<N>>(route.path, () => {
      const form = new FormData();
      form.set('csrf', csrfToken);
      form.set('json', json);
      for (const file of files) form.append('file', file);
      return { method: 'POST', body: form };
    });
  const result = await post();
  return result.state === STATE.csrf ? post() : result;
}

/**
 * A call of a route of the contract's table (`api` of `@oripa/contract/api-paths`): the path
 * filled from `params` and `query`, a POST's `payload` sent as above; the answer is typed by the
 * route's response schema. Features call the API only this way.
 */
export function apiCall<N extends ApiName>(route: ApiEntry<N>, ...[input]: CallArgs<N>): Promise<ApiResult<ApiResponse<N>>> {
  const path = routePath(route, input);
  return route.method === 'GET' ? apiGet<ApiResponse<N>>(path) : apiPost<ApiResponse<N>>(path, routePayload(input));
}

/** First message of a field, or the spec's default text when the server gave none. */
export function firstError(errors: FieldErrors | undefined, field: string, fallback = 'invalid value'): string | undefined {
  const list = errors?.[field];
  if (!list) return undefined;
  return list[0] ?? fallback;
}

export function isOk(result: { state: number }): boolean {
  return result.state === STATE.ok;
}
