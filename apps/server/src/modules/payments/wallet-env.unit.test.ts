import { describe, expect, it } from 'vitest';
import { amazonPaySettings } from './amazonpay/amazonpay-env.ts';
import { payPalSettings } from './paypal/paypal-env.ts';

const payPal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH', PAYPAL_ENVIRONMENT: 'live', PUBLIC_URL: 'https://shop.example/' };
const amazon = {
  AMAZON_PAY_PUBLIC_KEY_ID: 'LIVE-KEY',
  AMAZON_PAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMII\\n-----END PRIVATE KEY-----',
  AMAZON_PAY_STORE_ID: 'amzn1.application-oa2-client.x',
  AMAZON_PAY_MERCHANT_ID: 'A1',
  PUBLIC_URL: 'https://shop.example',
};

describe('wallet adapters read their own settings and name every missing one', () => {
  it('refuses to build without credentials, naming each variable (never its value)', () => {
    expect(() => payPalSettings({})).toThrow(
      'payment provider "paypal" is not configured: PAYPAL_CLIENT_ID is missing; PAYPAL_CLIENT_SECRET is missing; PAYPAL_WEBHOOK_ID is missing; PAYPAL_ENVIRONMENT is missing; PUBLIC_URL is missing',
    );
    expect(() => amazonPaySettings({ AMAZON_PAY_PRIVATE_KEY: 'not-a-key-secret' })).toThrow(/AMAZON_PAY_PUBLIC_KEY_ID is missing; AMAZON_PAY_PRIVATE_KEY: must be a PEM private key; AMAZON_PAY_STORE_ID is missing/);
    expect(() => amazonPaySettings({ AMAZON_PAY_PRIVATE_KEY: 'not-a-key-secret' })).not.toThrow(/not-a-key-secret/);
  });

  it('reads complete settings (the key’s \\n escapes become line breaks, the address loses its slash)', () => {
    expect(payPalSettings(payPal)).toMatchObject({ PAYPAL_ENVIRONMENT: 'live', PAYPAL_TIMEOUT_MS: 15000, PUBLIC_URL: 'https://shop.example' });
    expect(amazonPaySettings(amazon)).toMatchObject({ AMAZON_PAY_REGION: 'jp', AMAZON_PAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----' });
  });

  it('refuses a stand-in API host in production', () => {
    expect(() => payPalSettings({ ...payPal, NODE_ENV: 'production', PAYPAL_API_HOST: '127.0.0.1:4000' })).toThrow(/PAYPAL_API_HOST: is a test setting/);
    expect(() => amazonPaySettings({ ...amazon, NODE_ENV: 'production', AMAZON_PAY_API_HOST: '127.0.0.1:4000' })).toThrow(/AMAZON_PAY_API_HOST: is a test setting/);
    expect(payPalSettings({ ...payPal, PAYPAL_API_HOST: '127.0.0.1:4000' }).PAYPAL_API_HOST).toBe('127.0.0.1:4000');
  });
});
