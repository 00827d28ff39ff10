// @vitest-environment node
// jsdom's window.location cannot be spied on, so this file runs without a DOM and gives the
// client a window whose location.assign records where the browser was sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, currentCsrf, firstError, MAINTENANCE_PAGE, NETWORK_FAILURE } from './api-client.ts';

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
});
