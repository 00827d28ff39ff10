import { describe, expect, it } from 'vitest';
import { outsideServicesCheck } from './outside-check.ts';

describe('outsideServicesCheck', () => {
  it('names each service that fails or does not answer in time', async () => {
    const check = outsideServicesCheck(
      () => ({
        up: async () => undefined,
        down: async () => Promise.reject(new Error('refused')),
        hung: () => new Promise<void>(() => undefined),
      }),
      { timeoutMs: 50 },
    );
    expect(await check()).toBe('cannot reach down, hung');
  });

  it('asks again only after the cache time', async () => {
    let now = 0;
    let calls = 0;
    let healthy = false;
    const check = outsideServicesCheck(() => ({ provider: async () => (calls++, healthy ? undefined : Promise.reject(new Error('down'))) }), { cacheMs: 1000, now: () => now });
    expect(await check()).toBe('cannot reach provider');
    healthy = true;
    now = 999;
    expect(await check()).toBe('cannot reach provider');
    now = 1000;
    expect(await check()).toBeUndefined();
    expect(calls).toBe(2);
  });
});
