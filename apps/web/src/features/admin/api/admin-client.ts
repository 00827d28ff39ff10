import type { ApiName } from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { routePath, routePayload, type ApiEntry, type ApiResponse, type CallArgs, type FormPayload } from '@/lib/api-route.ts';

/**
 * The console's calls: the shop's wire (GET, or POST as a form of csrf + json), but with a csrf
 * token of its own, because the console's session is another cookie and its tokens are bound to
 * it; sharing the shop client's token would make each side's next POST fail once. Console calls
 * never answer 9999 (they work during maintenance).
 */
let csrf = '';

export type AdminResult<T> = { state: number; csrf: string; errors: FieldErrors } & Partial<T>;

async function exchange<T>(path: string, init: RequestInit): Promise<AdminResult<T>> {
  try {
    const response = await fetch(`/api${path}`, { credentials: 'same-origin', ...init });
    const body = (await response.json()) as AdminResult<T>;
    if (body.csrf) csrf = body.csrf;
    body.errors ??= {};
    return body;
  } catch {
    return { state: 0, csrf, errors: { network: ['network error'] } } as unknown as AdminResult<T>;
  }
}

function adminGet<T>(path: string): Promise<AdminResult<T>> {
  return exchange<T>(path, { method: 'GET' });
}

async function adminPost<T>(path: string, payload: unknown = {}): Promise<AdminResult<T>> {
  const post = () => {
    const form = new URLSearchParams();
    form.set('csrf', csrf);
    form.set('json', JSON.stringify(payload));
    return exchange<T>(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  };
  // The first POST of a page may go before any GET gave a token: the refusal carries one.
  const first = await post();
  return first.state === STATE.csrf ? post() : first;
}

/**
 * A console upload: a multipart form of csrf, the file (`file`) and an optional json payload.
 * The server checks the file's type by its bytes and its size (modules/media/upload.ts).
 */
async function adminUploadPath<T>(path: string, file: Blob, payload?: unknown): Promise<AdminResult<T>> {
  const post = () => {
    const form = new FormData();
    // csrf first: the server may refuse before it reads the rest.
    form.set('csrf', csrf);
    if (payload !== undefined) form.set('json', JSON.stringify(payload));
    form.set('file', file);
    return exchange<T>(path, { method: 'POST', body: form });
  };
  const first = await post();
  return first.state === STATE.csrf ? post() : first;
}

/**
 * A console call of a route of the contract's table (`api` of `@oripa/contract/api-paths`): the
 * path filled from `params` and `query`, a POST's `payload` sent as above, the answer typed by
 * the route's response schema. Console screens call the API only this way.
 */
export function adminCall<N extends ApiName>(route: ApiEntry<N>, ...[input]: CallArgs<N>): Promise<AdminResult<ApiResponse<N>>> {
  const path = routePath(route, input);
  return route.method === 'GET' ? adminGet<ApiResponse<N>>(path) : adminPost<ApiResponse<N>>(path, routePayload(input));
}

/** A console POST of a form's `payload` to a route of the table (the screens' forms and buttons). */
export function adminSend<N extends ApiName>(route: ApiEntry<N>, payload?: FormPayload<N>): Promise<AdminResult<ApiResponse<N>>> {
  return adminPost<ApiResponse<N>>(route.path, payload ?? {});
}

/** A console upload (see adminUploadPath) to a route of the table. */
export function adminUpload<N extends ApiName>(route: ApiEntry<N>, file: Blob, payload?: FormPayload<N>): Promise<AdminResult<ApiResponse<N>>> {
  return adminUploadPath<ApiResponse<N>>(route.path, file, payload);
}

/** A failed console call, thrown by query functions so screens show the error state. */
export class AdminFailure extends Error {
  constructor(
    readonly state: number,
    readonly errors: FieldErrors,
  ) {
    super(`console call failed with state ${state}`);
    this.name = 'AdminFailure';
  }
}

/** A GET whose answer must be 200; anything else throws AdminFailure. */
export async function adminGetOk<N extends ApiName>(route: ApiEntry<N>, ...args: CallArgs<N>): Promise<ApiResponse<N>> {
  const result = await adminCall(route, ...args);
  if (result.state !== STATE.ok) throw new AdminFailure(result.state, result.errors);
  return result as ApiResponse<N>;
}

/** All messages of an answer, field by field, for a notice. */
export function allErrors(errors: FieldErrors | undefined): string[] {
  return Object.values(errors ?? {}).flat();
}
