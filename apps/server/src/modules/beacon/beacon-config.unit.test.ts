import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../config.ts';

/** What a production shop needs apart from the beacon (a sandbox payment demo, its address). */
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', PAYMENT_ALLOW_SANDBOX: '1' };

describe('the beacon a production shop draws from (decision 027)', () => {
  it('refuses to start without drand relays unless told it is a demo', () => {
    expect(() => loadConfig(production)).toThrow(/BEACON_RELAYS: production needs a public beacon/);
    expect(loadConfig({ ...production, BEACON_ALLOW_LOCAL: '1' }).BEACON_RELAYS).toEqual([]);
    const relays = loadConfig({ ...production, BEACON_RELAYS: 'https://api.drand.sh/, https://drand.cloudflare.com' }).BEACON_RELAYS;
    expect(relays).toEqual(['https://api.drand.sh', 'https://drand.cloudflare.com']);
  });

  it('refuses a relay that is not an http(s) URL, and the eager test beacon', () => {
    expect(() => loadConfig({ ...production, BEACON_RELAYS: 'ftp://relay.example' })).toThrow(/BEACON_RELAYS/);
    expect(() => loadConfig({ ...production, BEACON_ALLOW_LOCAL: '1', BEACON_LOCAL_EAGER: '1' })).toThrow(/BEACON_LOCAL_EAGER: tests only/);
  });

  it("tests of a production shop run on the local beacon, declared a demo, at the beacon's own pace", () => {
    const config = testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', PAYMENT_ALLOW_SANDBOX: '1' });
    expect(config.BEACON_ALLOW_LOCAL).toBe(true);
    expect(config.BEACON_LOCAL_EAGER).toBe(false);
  });
});
