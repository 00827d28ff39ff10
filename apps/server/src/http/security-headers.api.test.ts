import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import { securityHeaders } from './security-headers.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

describe('security headers (helmet, computed once)', () => {
  it('come with every kind of answer: API read, refused POST, unknown API path, page', async () => {
    const answers = await Promise.all([
      shop.app.inject({ method: 'GET', url: '/api/user/point' }),
      shop.app.inject({ method: 'POST', url: '/api/user/pack/check', payload: 'csrf=x&json={}', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      shop.app.inject({ method: 'GET', url: '/api/no/such/call' }),
      shop.app.inject({ method: 'GET', url: '/packs/1' }),
    ]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('are what helmet itself sets for the options', () => {
    const headers = securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } }, xFrameOptions: { action: 'deny' } });
    expect(headers).toMatchObject({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
