// @vitest-environment node
// jsdom's window.location cannot be spied on, so this file runs without a DOM and gives the
// client a window whose location.assign records where the browser was sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@oripa/contract/api-paths';
import { apiGet, apiPost, apiUpload, currentCsrf, firstError, MAINTENANCE_PAGE, NETWORK_FAILURE } from './api-client.ts';

type FetchArgs = [string, RequestInit];

function respondWith(...bodies: object[]) {
  const queue = [...bodies];
  const fetchMock = vi.fn(async (..._args: FetchArgs) => {
    const body = queue.shift() ?? { state: 200, csrf: '', errors: {} };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the csrf token of a response and sends it with the next POST as a form field', async () => {
    const fetchMock = respondWith(
      { state: 200, csrf: 'token-from-get', errors: {}, is_login: '0' },
      { state: 200, csrf: 'token-from-post', errors: {} },
    );

    await apiGet('/user/point');
    expect(currentCsrf()).toBe('token-from-get');

    await apiPost('/user/pack/check', { count: 3 });
    const [url, init] = fetchMock.mock.calls[1] as FetchArgs;
    expect(url).toBe('/api/user/pack/check');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(init.body));
    expect(form.get('csrf')).toBe('token-from-get');
    expect(JSON.parse(form.get('json') ?? '')).toEqual({ count: 3 });
    expect(currentCsrf()).toBe('token-from-post');
  });

  it('sends GET requests without a body under /api', async () => {
    const fetchMock = respondWith({ state: 200, csrf: 'a', errors: {} });
    await apiGet('/user/banner');
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/user/banner');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends the browser to the maintenance page on state 9999', async () => {
    respondWith({ state: 9999, csrf: 'm', errors: {} });
    const result = await apiGet('/user/point');
    expect(result.state).toBe(9999);
    expect(assign).toHaveBeenCalledWith(MAINTENANCE_PAGE);
    expect(MAINTENANCE_PAGE).toBe('/mente.html');
  });

  it('does not leave the page on other failures', async () => {
    respondWith({ state: 400, csrf: 'x', errors: { count: ['too many'] } });
    const result = await apiPost('/user/pack/check', { count: 9 });
    expect(result.state).toBe(400);
    expect(firstError(result.errors, 'count')).toBe('too many');
    expect(assign).not.toHaveBeenCalled();
  });

  it('returns network failures as a result instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const result = await apiGet('/user/point');
    expect(result.state).toBe(NETWORK_FAILURE);
    expect(result.errors.network).toBeDefined();
  });

  it('retries a POST once when its token is refused, with the token the refusal carries', async () => {
    const fetchMock = respondWith(
      { state: 403, csrf: 'token-of-this-session', errors: { csrf: ['expired'] } },
      { state: 200, csrf: 'after', errors: {} },
    );
    const result = await apiPost('/user/register/confirm', { mail: 'a@example.jp' });
    expect(result.state).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, retry] = fetchMock.mock.calls[1] as FetchArgs;
    expect(new URLSearchParams(String(retry.body)).get('csrf')).toBe('token-of-this-session');
  });

  it('retries a refused POST only once', async () => {
    const fetchMock = respondWith(
      { state: 403, csrf: 'r1', errors: { csrf: ['expired'] } },
      { state: 403, csrf: 'r2', errors: { csrf: ['expired'] } },
    );
    const result = await apiPost('/user/pack/check', { count: 1 });
    expect(result.state).toBe(403);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client on a page without a session yet', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { assign: vi.fn() } });
    // A fresh module: no csrf token stored yet, as on a first visit.
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets the first request open the session before the others go out', async () => {
    const client = await import('./api-client.ts');
    let answerFirst: (value: Response) => void = () => undefined;
    const calls: FetchArgs[] = [];
    const fetchMock = vi.fn((...args: FetchArgs) => {
      calls.push(args);
      const body = { state: 200, csrf: `token-${calls.length}`, errors: {} };
      const response = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (calls.length === 1) return new Promise<Response>((resolve) => (answerFirst = resolve)).then(() => response);
      return Promise.resolve(response);
    });
    vi.stubGlobal('fetch', fetchMock);

    const first = client.apiGet('/user/point');
    const second = client.apiGet('/user/site_info');
    const post = client.apiPost('/user/register/confirm', { mail: 'a@example.jp' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing else goes out while the first answer (which sets the session cookie) is pending.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answerFirst(new Response());
    await Promise.all([first, second, post]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const postCall = calls.find(([url]) => url === '/api/user/register/confirm') as FetchArgs;
    expect(new URLSearchParams(String(postCall[1].body)).get('csrf')).toBe('token-1');
  });

  it('lets the next request try when the first one fails on the network', async () => {
    const client = await import('./api-client.ts');
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(
        new Response(JSON.stringify({ state: 200, csrf: 'later', errors: {} }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const [failed, ok] = await Promise.all([client.apiGet('/user/point'), client.apiGet('/user/point')]);
    expect(failed.state).toBe(client.NETWORK_FAILURE);
    expect(ok.state).toBe(200);
    expect(client.currentCsrf()).toBe('later');
  });
  it('sends files as a multipart form of csrf, json and each file under `file`, and retries once on a stale token', async () => {
    const fetchMock = respondWith(
      { state: 200, csrf: 'token-a', errors: {} },
      { state: 403, csrf: 'token-b', errors: { csrf: ['x'] } },
      { state: 200, csrf: 'token-c', errors: {} },
    );
    await apiGet('/user/point');
    const photo = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    const result = await apiUpload(api.inquiryReply, { inquiry_id: 7, body: 'hi' }, [photo, photo]);
    expect(result.state).toBe(200);
    const [path, init] = fetchMock.mock.calls[2]!;
    expect(path).toBe('/api/user/inquiries/reply');
    const form = init.body as FormData;
    expect(form.get('csrf')).toBe('token-b');
    expect(JSON.parse(String(form.get('json')))).toEqual({ inquiry_id: 7, body: 'hi' });
    expect(form.getAll('file')).toHaveLength(2);
  });
});
